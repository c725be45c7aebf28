"""The jokers: a window after each revealed card, in which the other player may play one and the
card's owner may cancel it with their own."""

from __future__ import annotations


from explorer.core import RuleViolation
from explorer.core.frozen import evolve, made, maker, shared

from . import attacking  # the trick after the last window (attacking opens the windows: imported as a module)
from .actions import CancelJoker, DeclineJoker, PlayJoker
from .position import CANCEL, JOKER, MOVE, OFFER, JokerWindow, count, event
from .sections import refuse


_WINDOW = maker(JokerWindow, "player", "rule", "slot", "owner", "reactor", "stage", "card", "value")


def joker_window(state, slot: str, owner: str, card, value: int) -> JokerWindow:
    """The joker window on ``owner``'s revealed ``card`` (the other player decides): the position opening it is
    ``evolve(p, phase=JOKER, pending=window, ...)``, with the other changes of the same action (named in that one
    call: a dict of changes handed on through another costs more, at every card played)."""
    reactor = state.game.other(owner)  # (state.other, read in place: a window opens on every card played)
    # Made once and shared, as actions are (a window opens on every card played, and the same few come again and
    # again: a frozen value, so no new object is kept for it)
    return _WINDOW(reactor, "jokers.play", slot, owner, reactor, OFFER, card, value)


# The joker phase always has its window pending (the position's check says so): the rule table lets the
# three answers through only then.
def check_play_joker(state, act) -> RuleViolation | None:
    w = state.position.pending
    if w.stage != OFFER:
        return refuse("jokers.cancel", f"a joker has been played against {w.owner}'s card: only {w.owner} may "
                                       "answer it, with a joker of their own")
    if not state.hand_split(w.reactor)[1]:
        return refuse("jokers.play", f"{w.reactor} holds no joker")
    allowed = state.value_range
    if not isinstance(act.value, int) or isinstance(act.value, bool) or act.value not in allowed:
        return refuse("jokers.play", f"a joker names a card value from {allowed[0]} to {allowed[-1]}, not {act.value!r}")
    return None


def do_play_joker(state, act):
    p, w = state.position, state.position.pending
    joker = state.hand_split(w.reactor)[1][0]
    p = p.with_piles(w.reactor, p.piles[w.reactor].take_from_hand(joker))
    window = evolve(w, player=w.owner, rule="jokers.cancel", stage=CANCEL, joker=joker, named=act.value)
    return (evolve(p, pending=window),
            [event("joker", f"{w.reactor} plays a joker: {w.owner}'s {w.card.code} counts {act.value}.",
                   ("jokers.play",), joker=joker.code, value=act.value)])


def check_cancel_joker(state, act) -> RuleViolation | None:
    w = state.position.pending
    if w.stage != CANCEL:
        return refuse("jokers.cancel", "there is no joker to cancel")
    if not state.hand_split(w.owner)[1]:
        return refuse("jokers.cancel", f"{w.owner} holds no joker to cancel with")
    return None


def do_cancel_joker(state, act):
    p, w = state.position, state.position.pending
    own = state.hand_split(w.owner)[1][0]
    p = p.with_piles(w.owner, p.piles[w.owner].take_from_hand(own).add_spent(own))
    p = p.with_piles(w.reactor, p.piles[w.reactor].add_spent(w.joker))
    events = [event("joker", f"{w.owner} cancels the joker with a joker: {w.card.code} counts {w.value} "
                    "again; each joker goes to its player's spent pile.", ("jokers.cancel",), joker=own.code)]
    p, more = close_window(state, p, w)
    return p, events + more


def check_decline_joker(state, act) -> RuleViolation | None:
    return None  # letting the card stand is always allowed in the window


def window_offers(state):
    """In a joker window: letting the card stand, then the joker the player to decide holds, if any (the
    owner cancels the joker played against their card; the other player names a value for their own)."""
    w = state.position.pending
    # The answers depend only on who decides, the stage and whether that player holds a joker (the card values
    # never change in a game): made once a game, not a PlayJoker a value at every window.
    key = (w.player, w.owner, w.reactor, w.stage, not state.hand_split(w.player)[1])
    settings = state.game.settings  # (state.settings, read in place: a property is a call)
    kept = state.__dict__.get("_window_offers")  # (kept with the settings they were made for)
    if kept is None or kept[0] is not settings:
        kept = state.__dict__["_window_offers"] = (settings, {})
    kept = kept[1]
    offers = kept.get(key)
    if offers is None:
        offers = [made(DeclineJoker, w.player)]
        if not key[4]:
            if w.stage == CANCEL:
                offers.append(made(CancelJoker, w.owner))
            else:
                offers += [made(PlayJoker, w.reactor, v) for v in state.value_range]
        offers = kept[key] = tuple(offers)
    return offers  # (a tuple: the core lists a copy)


def do_decline_joker(state, act):
    p, w = state.position, state.position.pending
    if w.stage == OFFER:
        events = [_let_stand(w.reactor, w.owner, w.card.code)]
    else:
        p = p.with_piles(w.owner, p.piles[w.owner].add_spent(w.joker))
        w = evolve(w, value=w.named)
        events = [event("joker", f"The joker stands: {w.card.code} counts {w.value}, and the joker goes to "
                        f"{w.owner}'s spent pile.", ("jokers.spent",))]
    p, more = close_window(state, p, w)
    return p, events + more


@shared
def _let_stand(reactor: str, owner: str, code: str):
    return event("joker", f"{reactor} lets {owner}'s {code} stand.", ("jokers.play",))


def close_window(state, p, w: JokerWindow):
    """Play goes on with the card counting ``w.value``: the movement, the next window, or the trick."""
    if w.slot == "movement":
        p = evolve(p, pending=None, movement_value=w.value, movement_left=w.value, phase=MOVE)
        return p, [_movement_points(p.activated, w.value)]
    attack = evolve(p.attack, **{f"{w.slot}_value": w.value})
    if w.slot == "attack" and attack.defence_card is not None:
        window = joker_window(state, "defence", state.other(p.side), attack.defence_card, attack.defence_value)
        return evolve(p, phase=JOKER, pending=window, attack=attack), []
    return attacking.resolve_attack(state, evolve(p, pending=None, attack=attack))


@shared
def _movement_points(fighter: str, value: int):
    return event("movement", f"{fighter} has {count(value, 'movement point')}.", ("turn.expend",))
