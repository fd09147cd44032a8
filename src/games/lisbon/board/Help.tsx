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
          <b>Push:</b> a tram in your way is pushed on to the next stopping place; everyone involved draws 1 ticket
          (once per turn).
        </li>
        <li>
          <b>Pick up:</b> pay a ticket of the matching colour for <b>every</b> passenger at your stop. Ring the bell to
          add a random passenger first — if you then cannot pay, you get nothing and lose the action.
        </li>
        <li>
          <b>Drop off:</b> at a monument with a cone, hand in the passengers a displayed card shows to claim it; place
          it at either end of your row. Matching ticket halves between neighbouring cards score 1 VP each.
        </li>
        <li>
          <b>Bonus:</b> at an elevator, pay 3 tickets of its colour for the bonus your board pairs with that colour.
        </li>
        <li>When the last face-up Monument card comes out, the round is finished and the most VP wins.</li>
      </ul>
    </details>
  );
}
