"""The shared square grid: bounds, neighbours, straight lines and line of sight."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from explorer.core.grid import (
    Grid, are_adjacent, bresenham, chebyshev, direction_between, line_of_sight, manhattan, ray, step,
    supercover,
)

squares = st.tuples(st.integers(-6, 6), st.integers(-6, 6))


def test_bounds_and_squares_in_reading_order():
    grid = Grid(3, 2)
    assert (0, 0) in grid and (2, 1) in grid
    assert (3, 0) not in grid and (0, -1) not in grid and "a1" not in grid
    assert list(grid.squares()) == [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)]
    with pytest.raises(ValueError):
        Grid(0, 4)


def test_neighbours_are_orthogonal_and_on_the_board():
    grid = Grid(3, 3)
    assert sorted(grid.neighbours((1, 1))) == [(0, 1), (1, 0), (1, 2), (2, 1)]
    assert sorted(grid.neighbours((0, 0))) == [(0, 1), (1, 0)]
    assert len(grid.neighbours((1, 1), diagonal=True)) == 8
    assert sorted(grid.neighbours((0, 0), diagonal=True)) == [(0, 1), (1, 0), (1, 1)]


def test_steps_rays_and_directions():
    assert step((2, 2), "N") == (2, 1) and step((2, 2), "E", 3) == (5, 2)
    assert ray((0, 0), "S", 3) == ((0, 1), (0, 2), (0, 3))
    assert direction_between((1, 1), (1, 5)) == "S"
    assert direction_between((4, 1), (1, 1)) == "W"
    assert direction_between((1, 1), (2, 2)) is None and direction_between((1, 1), (1, 1)) is None


def test_distances_and_adjacency():
    assert manhattan((0, 0), (2, 3)) == 5 and chebyshev((0, 0), (2, 3)) == 3
    assert are_adjacent((1, 1), (1, 2)) and not are_adjacent((1, 1), (2, 2))
    assert are_adjacent((1, 1), (2, 2), diagonal=True) and not are_adjacent((1, 1), (1, 1), diagonal=True)


def test_supercover_of_a_straight_line_is_the_row():
    assert supercover((0, 0), (3, 0)).squares == ((0, 0), (1, 0), (2, 0), (3, 0))
    assert supercover((0, 3), (0, 0)).squares == ((0, 3), (0, 2), (0, 1), (0, 0))


def test_supercover_through_exact_corners_lists_the_corner_pairs():
    line = supercover((0, 0), (2, 2))
    assert line.squares == ((0, 0), (1, 1), (2, 2))
    assert line.corners == (((1, 0), (0, 1)), ((2, 1), (1, 2)))


def test_supercover_of_a_shallow_line():
    # From the centre of (0,0) to the centre of (3,1): y = x/3 crosses y = 0.5 at x = 1.5,
    # exactly on the line between columns 1 and 2: a corner.
    line = supercover((0, 0), (3, 1))
    assert line.squares == ((0, 0), (1, 0), (2, 1), (3, 1))
    assert line.corners == (((2, 0), (1, 1)),)


def _touches(a, b, square):
    """Independent check: does the closed segment between centres meet the closed square?"""
    (x0, y0), (x1, y1) = a, b
    c, r = square
    lo_x, hi_x, lo_y, hi_y = Fraction(2 * c - 1, 2), Fraction(2 * c + 1, 2), Fraction(2 * r - 1, 2), Fraction(2 * r + 1, 2)
    t_lo, t_hi = Fraction(0), Fraction(1)
    for start, delta, lo, hi in ((x0, x1 - x0, lo_x, hi_x), (y0, y1 - y0, lo_y, hi_y)):
        if delta == 0:
            if not lo <= start <= hi:
                return False
            continue
        t1, t2 = sorted((Fraction(lo - start, delta), Fraction(hi - start, delta)))
        t_lo, t_hi = max(t_lo, t1), min(t_hi, t2)
    return t_lo <= t_hi


@given(squares, squares)
def test_supercover_is_exactly_the_squares_the_segment_touches(a, b):
    line = supercover(a, b)
    listed = set(line.squares) | {s for pair in line.corners for s in pair}
    box = [(c, r) for c in range(min(a[0], b[0]) - 1, max(a[0], b[0]) + 2)
           for r in range(min(a[1], b[1]) - 1, max(a[1], b[1]) + 2)]
    assert listed == {s for s in box if _touches(a, b, s)}
    assert line.squares[0] == a and line.squares[-1] == b
    assert all(chebyshev(p, q) == 1 for p, q in zip(line.squares, line.squares[1:]))


@given(squares, squares)
def test_bresenham_runs_from_end_to_end_in_king_steps(a, b):
    line = bresenham(a, b)
    assert line[0] == a and line[-1] == b
    assert len(line) == chebyshev(a, b) + 1
    assert all(chebyshev(p, q) == 1 for p, q in zip(line, line[1:]))


def test_line_of_sight_blocked_by_a_square_between_but_not_by_the_ends():
    walls = {(2, 0)}
    sight = line_of_sight((0, 0), (4, 0), walls.__contains__)
    assert not sight and sight.blocked_by == ((2, 0),)
    assert line_of_sight((0, 0), (2, 0), walls.__contains__)  # the wall is the target's own square
    assert line_of_sight((0, 0), (4, 1), set().__contains__).clear


def test_line_of_sight_through_a_corner_is_lenient_unless_asked_otherwise():
    one_side = {(1, 0)}
    both_sides = {(1, 0), (0, 1)}
    assert line_of_sight((0, 0), (1, 1), one_side.__contains__)
    assert not line_of_sight((0, 0), (1, 1), one_side.__contains__, through_corners=False)
    blocked = line_of_sight((0, 0), (1, 1), both_sides.__contains__)
    assert not blocked and set(blocked.blocked_by) == both_sides


@pytest.mark.parametrize("width, height", [(0, 3), (3, -1), (2.5, 3), ("4", 4), (True, 3), (None, 2)])
def test_a_grid_is_a_positive_whole_number_of_columns_and_rows(width, height):
    with pytest.raises(ValueError, match="grid"):
        Grid(width, height)
