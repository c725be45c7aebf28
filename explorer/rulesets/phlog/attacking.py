"""Attacking: declare the attack, both players choose a card face down, reveal, jokers, the trick."""

from __future__ import annotations

from explorer.core import Event, RuleViolation
from explorer.core.actions import PUBLIC
from explorer.core.cards import parse_code
from explorer.core.frozen import evolve

from .actions import ChooseAttackCard, ChooseDefenceCard
from .jokers import joker_window
from .mechanics import attack_refusal, resolve_trick, spoils_taker
from .position import ATTACK_CARD, DEFENCE_CARD, JOKER, MOVE, AttackInProgress, DefenceChoice, event
from .sections import refuse
from .turn import card_refusal, fighter_turn_refusal, value_card_candidates


def check_attack(state, act) -> RuleViolation | None:
    refusal = fighter_turn_refusal(state)
    if refusal:
        return refusal
    p = state.position
    fighter = state.activated_fighter
    if p.attacked:
        return refuse("attacking.one_per_activation", f"{fighter.id} has already attacked this activation")
    if not state.hand_split(p.side)[0]:
        return refuse("attacking.cards", f"{p.side} has no card in hand to attack with")
    target = p.fighters.get(act.target) if isinstance(act.target, str) else None
    return attack_refusal(state.board, fighter, target)


def do_attack(state, act):
    p = state.position
    fighter = state.activated_fighter
    key = "attacking.ranged" if fighter.ranged else "attacking.hand_to_hand"
    p = evolve(p, attacked=True, phase=ATTACK_CARD, attack=AttackInProgress(fighter.id, act.target),
                            movement_stopped=p.movement_stopped if fighter.ranged else "attacking.hand_to_hand")
    how = "shoots at" if fighter.ranged else "attacks hand-to-hand"
    return p, [event("attack", f"{fighter.id} {how} {act.target}.", (key,), attacker=fighter.id, target=act.target)]


def check_attack_card(state, act) -> RuleViolation | None:
    return card_refusal(state, state.position.side, act.card, "attacking.cards")


attack_card_candidates = value_card_candidates(ChooseAttackCard)
defence_card_candidates = value_card_candidates(ChooseDefenceCard)


def do_attack_card(state, act):
    p = state.position
    card = parse_code(act.card)
    p = p.with_piles(p.side, p.piles[p.side].take_from_hand(card))
    p = evolve(p, attack=evolve(p.attack, attack_card=card))
    defender = state.other(p.side)
    events = [event("card_chosen", f"{p.side} chooses an attack card face down.", ("attacking.cards",)),
              event("card_chosen", f"{p.side} chooses {card.code} to attack with.", ("attacking.cards",),
                    p.side, card=card.code)]
    if state.hand_split(defender)[0]:
        return evolve(p, phase=DEFENCE_CARD,
                                   pending=DefenceChoice(defender, "attacking.cards", target=p.attack.target)), events
    events.append(event("card_chosen", f"{defender} has no card in hand to defend with: the defence counts 0.",
                        ("attacking.cards",)))
    p, more = reveal(state, p)
    return p, events + more


def check_defence_card(state, act) -> RuleViolation | None:
    return card_refusal(state, state.position.pending.player, act.card, "attacking.cards")


def do_defence_card(state, act):
    p = state.position
    defender = p.pending.player
    card = parse_code(act.card)
    p = p.with_piles(defender, p.piles[defender].take_from_hand(card))
    p = evolve(p, pending=None, attack=evolve(p.attack, defence_card=card))
    events = [event("card_chosen", f"{defender} chooses {card.code} to defend with.", ("attacking.cards",),
                    defender, card=card.code)]
    p, more = reveal(state, p)
    return p, events + more


def reveal(state, p):
    """Both cards face up; the defender may joker the attacker's card first."""
    a = p.attack
    a = evolve(a, revealed=True, attack_value=state.value_of(a.attack_card),
                            defence_value=state.value_of(a.defence_card) if a.defence_card else 0)
    defence = f"{a.defence_card} ({a.defence_value})" if a.defence_card else "no card (0)"
    p = evolve(p, phase=JOKER, pending=joker_window(state, "attack", p.side, a.attack_card, a.attack_value), attack=a)
    return p, [event("reveal", f"Revealed: {a.attack_card} ({a.attack_value}) attacks, {defence} defends.",
                     ("attacking.cards", "attacking.card_values"), attack_card=a.attack_card.code,
                     defence_card=a.defence_card.code if a.defence_card else None)]


def resolve_attack(state, p):
    """The trick: the higher card wins, four or more removes the loser, the winner keeps both cards."""
    a = p.attack
    p = evolve(p, attack=None, phase=MOVE, pending=None)
    explained = resolve_trick(a.attack_value, a.defence_value, state.settings.removal_margin)
    trick = explained.value
    sides = {"attacker": p.side, "defender": state.other(p.side)}
    fighters = {"attacker": a.attacker, "defender": a.target}
    cards = {"attacker": a.attack_card, "defender": a.defence_card}
    taker = spoils_taker(trick, state.settings)
    for role, card in cards.items():
        if card is not None:
            keeper = sides[taker or role]
            p = p.with_piles(keeper, p.piles[keeper].add_spent(card))
    events = [Event("trick", " ".join(r.text[0].upper() + r.text[1:] + "." for r in explained.reasons),
                    tuple(r.key for r in explained.refs), {"visibility": PUBLIC, "margin": trick.margin})]
    spoils = (f"{sides[taker]} keeps both cards in their spent pile." if taker
              else "Each player puts their own card in their spent pile.")
    events.append(event("spoils", spoils, ("attacking.spoils",)))
    if trick.removed:
        lost = p.fighters[fighters[trick.removed]]
        p = p.with_fighter(evolve(lost, square=None))
        events.append(event("removed", f"{lost.id} is removed from play.", ("attacking.removal",), fighter=lost.id))
        if trick.removed == "attacker":
            p = evolve(p, movement_stopped="attacking.removal")
    return p, events
