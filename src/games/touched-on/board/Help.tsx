/** A short "how to play" for the side panel (RULES.md has the full rules of this edition). */
import React from 'react';

/** What each Power card does, in brief (RULES.md, "Power cards"). */
export function PowerList() {
  return (
    <ul className="power-list" data-testid="power-list">
      <li>
        <b>Appeal</b>: when an Inspector or Feet On Seat gives you Evaders (out of your turn), the player who caught you
        takes them instead, unless it was an Authorised Inspector. In your own turn it may be played for nothing, to get
        rid of it.
      </li>
      <li>
        <b>Priority Seat</b>: goes with your batch, or alone, on the current line or one next to it. It counts towards
        the Line&rsquo;s 9 but never comes back to a hand.
      </li>
      <li>
        <b>Feet On Seat</b>: an opponent takes back their Evaders from the current carriage (any Line, even a Free Tram
        Zone). You may still play an Inspector that turn.
      </li>
      <li>
        <b>Peak Hour</b>: until your next turn, every other player may add only 1 card a turn.
      </li>
      <li>
        <b>Tram Tracker</b>: look at an opponent&rsquo;s hand, take one card and give them another of yours. As your
        last card you only look: with nothing to give, you take nothing.
      </li>
      <li>
        <b>Free Tram Zone</b>: put it on the current line; no Inspector may be played there until play moves to another
        Line.
      </li>
    </ul>
  );
}

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
          cannot be skipped. The journey's first card may go on any Line, and so may the next card once every player has
          had a turn without adding one (a new carriage, even on the current line).
        </li>
        <li>
          An Inspector catches the current carriage when the previous player just added to it (it is exposed): they take
          every Evader in it, other players' too. Authorised: its own Line only. Undercover: any Line. None in a Free
          Tram Zone.
        </li>
        <li>Appeal when you are inspected: it fails only against an Authorised Inspector.</li>
        <li>The card that brings a Line to 9 wins the Exp hidden under it.</li>
        <li>
          No cards left: DING! If the next turn ends and you still hold none, you finish: 1st takes 2 Exp cards, 2nd
          takes 1 (with 2 players, the journey ends at the 1st finish). The game ends when no Exp is left; the highest
          total wins.
        </li>
      </ul>
      <p>The Power cards (one per turn):</p>
      <PowerList />
    </details>
  );
}
