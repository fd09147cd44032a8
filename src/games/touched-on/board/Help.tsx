/** A short "how to play" for the side panel (RULES.md has the full rules of this edition). */
import React from 'react';

/** The collapsible help. */
export function Help() {
  return (
    <details className="panel to-help" data-testid="help">
      <summary>How to play</summary>
      <ul>
        <li>Get rid of all your cards, and collect the most Exp.</li>
        <li>
          In your turn play, in this order, at most 1 Inspector and 1 batch of 1–9 Evaders of one Line (a Priority Seat
          may join it); 1 Power at any point. If you can play, you must; if you cannot, draw 1 card (nothing to draw:
          put one card out).
        </li>
        <li>
          Evaders go on their own Line: the current line (same carriage) or a Line next to it (a new carriage). Lines
          cannot be skipped.
        </li>
        <li>
          An Inspector catches the current carriage when the previous player just added to it (it is exposed): they take
          back every Evader in it. Authorised: its own Line only. Undercover: any Line. None in a Free Tram Zone.
        </li>
        <li>Appeal when you are inspected: it fails only against an Authorised Inspector.</li>
        <li>The card that brings a Line to 9 wins the Exp hidden under it.</li>
        <li>
          No cards left: DING! If the next turn ends and you still hold none, you finish: 1st takes 2 Exp cards, 2nd
          takes 1 (with 2 players, the journey ends at the 1st finish). The game ends when no Exp is left; the highest
          total wins.
        </li>
      </ul>
    </details>
  );
}
