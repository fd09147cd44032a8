/** "How to play" in brief, folded away until asked for. */
import React from 'react';

/** The rules in a few lines, in the game's own words. */
export function Help() {
  return (
    <details className="help" data-testid="help">
      <summary>How to play</summary>
      <ul>
        <li>
          On your turn take up to <b>2 actions</b> (3 with the +1 action bonus), in any order, then end your turn and
          draw 4 tickets.
        </li>
        <li>
          <b>Move:</b> pay tickets of <b>one colour</b>, one per move to the next stopping place (Rossio, a monument, a
          bonus stop, or a tram stop with passengers). 3 tickets of one colour stand in for 1 of another.
        </li>
        <li>
          <b>Push:</b> a tram on your path or at your destination (never one at Rossio) is pushed on to the first
          stopping place <b>beyond your destination</b>, the farthest first; where the rails fork, its owner chooses the
          way. You and each pushed player draw 1 ticket (each at most once per turn).
        </li>
        <li>
          <b>Pick up:</b> pay a ticket of the matching colour for <b>every</b> passenger at your stop, even those with
          no free seat (they stay at the stop). Ring the bell to add a random passenger first — if you then cannot pay,
          you pick up nothing and keep your tickets, but the action is spent.
        </li>
        <li>
          <b>Drop off:</b> at a monument with a cone, hand in the passengers a displayed card shows to claim it; place
          it at either end of your row. Each ticket completed between neighbouring cards (two halves of one colour,
          level with each other) is a link and scores 1 VP. The player to your right then puts 3 passengers from the bag
          on an empty tram stop of their choice, if there is one.
        </li>
        <li>
          <b>Bonus:</b> at an elevator, pay 3 tickets of its colour for the bonus your board pairs with that colour, if
          you do not have it yet. It works at once.
        </li>
        <li>
          When the last face-up Monument card is dealt to the display, the round is completed and the game ends: the
          most VP wins. Ties go to the most links, then the most passengers on the tram, then the player latest in turn
          order (farthest from the first player).
        </li>
      </ul>
    </details>
  );
}
