/** "How to play" Get on Board, in brief (the lobby and the board show it). */
import React from 'react';

export function Help() {
  return (
    <details className="help gob-help" data-testid="help">
      <summary>How to play</summary>
      <ul>
        <li>
          Rome is played by 2–3 players, Paris by 4–5. First everyone keeps one of two departure tickets, in secret:
          your metro line starts there.
        </li>
        <li>
          Each of the 12 rounds reveals a ticket. Your sheet says which shape it means for you (1, 2 or 3 markers,
          straight or with turns). In Inspector order, each player extends their line in that shape: choose the ringed
          intersections one by one, take any marker back, then Confirm.
        </li>
        <li>
          Every intersection you reach fills your sheet: Grannies, Students and Cinemas, Tourists scored at Theaters,
          Flirts at Restaurants, Metro entrances (each spare one is worth 2, or pays for an extra marker). Each joint
          between this round's markers that differs from the shape, a turn where it shows straight or straight where it
          shows a turn, uses one of your 5 Turn spaces (−1 for the first, down to −10 for all five); the joint with your
          line's previous end is free. A section another line already uses gives Connections, one per other line on it
          (and in Rome one more on a section of the game's speedy colour).
        </li>
        <li>
          Never come back to an intersection of your own line: that eliminates you, and the shape must be played even
          when its only ways lead there. Only a shape that cannot be laid at all from your line's end (the map's edge,
          your own sections, too few Turn spaces left) becomes a single free marker.
        </li>
        <li>
          Two Common Objectives score 10 for those who reach them first, then 6; your Personal Objective scores 2/5/10
          for 1/2/3 of its sites. The best score after round 12 wins; ties share the victory.
        </li>
      </ul>
    </details>
  );
}
