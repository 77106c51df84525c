"""The floor: the barest loop that plays UNO's card rules, the yardstick under bench/engine.py.

Cards are small integers, ``colour << 4 | rank``: ranks 0-9 are the numbers, then Skip, Reverse,
Draw Two, Wild and Wild Draw Four; the wilds have the fifth "colour", none. A card matches the top
when it shares the colour in force (the one named after a wild) or the rank, and a wild always
does. Nothing is returned but counts: no verdicts, no events, no rule ids, no UNO calls.

The rules are the official ones the engine plays, as far as the benchmark's player meets them:
Skip; Reverse (with two players, a Skip); Draw Two and Wild Draw Four (the next player draws and
misses the turn); a player unable to play draws one and plays it if it matches; an empty draw
pile is refilled by shuffling the discards but the top; a round ends when a hand is empty, and a
last Draw Two or Wild Draw Four still makes the next player draw (the cards count in the score).
The player (bench/engine.py's policy) always calls UNO, so nobody is caught, and plays a Wild Draw
Four only when nothing else matches, so it is never a bluff and there is nothing to challenge.
"""

from __future__ import annotations

import random

SKIP, REVERSE, DRAW_TWO, WILD, WILD_DRAW_FOUR = 10, 11, 12, 13, 14
NO_COLOUR = 4
HAND_SIZE = 7


def make_card(colour: int, rank: int) -> int:
    return colour << 4 | rank


WILD_CARD, WILD_DRAW_FOUR_CARD = make_card(NO_COLOUR, WILD), make_card(NO_COLOUR, WILD_DRAW_FOUR)
DECK = tuple(
    [make_card(colour, 0) for colour in range(4)]
    + [make_card(colour, rank) for colour in range(4) for rank in range(1, WILD) for _ in range(2)]
    + [WILD_CARD] * 4 + [WILD_DRAW_FOUR_CARD] * 4)
PENALTY = {DRAW_TWO: 2, WILD_DRAW_FOUR: 4}


class Table:
    """A round: hands, the draw pile (top last), the discards (top last), the colour and rank to match."""

    __slots__ = ("hands", "pile", "discard", "colour", "rank", "turn", "direction", "rng")

    def __init__(self, players: int, seed: int):
        self.rng = random.Random(seed)
        self.pile = list(DECK)
        self.rng.shuffle(self.pile)
        self.hands = [[self.pile.pop() for _ in range(HAND_SIZE)] for _ in range(players)]
        self.discard: list[int] = []
        self.turn, self.direction = 1 % players, 1  # seat 0 deals; its left begins
        self.turn_first_card()

    def turn_first_card(self) -> None:
        """As ``setup.deal`` (official rules): a Wild Draw Four goes back at random, a Wild lets the
        first player name the colour, an action card acts on the first player."""
        first = self.pile.pop()
        while first == WILD_DRAW_FOUR_CARD:
            self.pile.insert(self.rng.randrange(len(self.pile) + 1), first)
            first = self.pile.pop()
        self.discard.append(first)
        self.rank = first & 15
        self.colour = self.rng.randrange(4) if first == WILD_CARD else first >> 4
        seat, players = self.turn, len(self.hands)
        if self.rank == REVERSE:
            self.direction, self.turn = -1, 0  # the dealer begins, to the right
        elif self.rank == DRAW_TWO:
            self.draw(seat, 2)
            self.turn = (seat + 1) % players
        elif self.rank == SKIP:
            self.turn = (seat + 1) % players

    def draw(self, seat: int, count: int) -> int | None:
        """``seat`` draws up to ``count`` cards (the discards reshuffled when the pile runs out);
        the last card drawn, None if there was none to draw."""
        pile, hand, drawn = self.pile, self.hands[seat], None
        for _ in range(count):
            if not pile:
                if len(self.discard) < 2:
                    break
                pile[:] = self.discard[:-1]
                del self.discard[:-1]
                self.rng.shuffle(pile)
            drawn = pile.pop()
            hand.append(drawn)
        return drawn

    def matches(self, card: int) -> bool:
        return card >> 4 == self.colour or card & 15 == self.rank or card >= WILD_CARD

    def play(self, max_turns: int) -> tuple[int, int, int, bool]:
        """Play the round with the benchmark's policy: (turns, turns that drew, cards played, finished?)."""
        hands, players, rng = self.hands, len(self.hands), self.rng
        turns = draw_turns = plays = 0
        while turns < max_turns:
            turns += 1
            seat = self.turn
            hand = hands[seat]
            options = [card for card in dict.fromkeys(hand) if self.matches(card)]
            if len(options) > 1 and WILD_DRAW_FOUR_CARD in options:
                options.remove(WILD_DRAW_FOUR_CARD)  # only when nothing else matches: never a bluff
            if options:
                played = rng.choice(options)
            else:
                draw_turns += 1
                played = self.draw(seat, 1)
                if played is None or not self.matches(played):
                    self.turn = (seat + self.direction) % players
                    continue
            plays += 1
            hand.remove(played)
            self.discard.append(played)
            self.rank = played & 15
            self.colour = rng.randrange(4) if played >= WILD_CARD else played >> 4
            self.act(seat, played & 15, last=not hand)
            if not hand:
                return turns, draw_turns, plays, True
        return turns, draw_turns, plays, False

    def act(self, seat: int, rank: int, last: bool) -> None:
        """The played card's effect, and whose turn it is next."""
        players = len(self.hands)
        following = (seat + self.direction) % players
        if rank in PENALTY:
            self.draw(following, PENALTY[rank])
            following = (following + self.direction) % players
        elif rank == SKIP or rank == REVERSE and players == 2:
            following = (following + self.direction) % players
        elif rank == REVERSE:
            self.direction = -self.direction
            following = (seat + self.direction) % players
        if not last:
            self.turn = following
