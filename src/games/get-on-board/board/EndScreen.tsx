/**
 * Get on Board's end screen: the final scores, one column a player, best first, each headed by the player's rank
 * and name, their total first under it, then the breakdown, one row a line of the sheet (RULES.md, "End of the game
 * and scoring"). It fits a 1366 × 768 laptop and a 360 × 640 phone without a scroll, five players included
 * (gob-end.css): where the room is short, the rows drop their explanations, which "How each row scores" lists below
 * the table.
 */
import React, { useState } from 'react';
import type { GobResult, GobState, PlayerID, ScoreBreakdown } from '../types';
import { TURN_SCORE } from '../data';
import { numberText } from './numbers';
import { colourOf, nameOf } from './sheetProps';
import { PlayerMark } from './playerMark';
import { ShortName } from '../../common/ShortName';
import { useDialogKeys } from '../../../client/boardHooks';
import './gob-end.css';
import '../../common/visually-hidden.css';

/** The end screen's rows: the sheet's zone, and how it scored (RULES.md, "End of the game and scoring"). */
const BREAKDOWN: [keyof ScoreBreakdown, string, string][] = [
  ['metro', 'Metro', '2 per circled entrance not crossed for an extra marker'],
  // The subtotal by spaces used, as Grannies' by spaces crossed below (it listed each space's cost and then every
  // subtotal: "the Turn spaces used, −1, −2, −2, −2 and −3: 0, −1, −3, −5, −7 or −10 in all").
  ['turns', 'Turns', `by Turn spaces used: ${TURN_SCORE.slice(1).map(numberText).join(', ')} (none used: 0)`],
  ['grannies', 'Grannies', 'by spaces crossed: 1, 2, 3, 5, 7, 9, 12, 15'],
  ['studentsCinemas', 'Students × Cinemas', 'Students crossed times Cinemas crossed'],
  ['theaters', 'Theaters', 'the Tourist rows a Theater scored, and half the top open row'],
  ['restaurants', 'Restaurants', 'the Flirt rows a Restaurant scored, and half the top open row'],
  ['common', 'Common objectives', '10 to everyone who reaches one in the first round anyone does, 6 later'],
  ['personal', 'Personal objective', '2, 5 or 10 for 1, 2 or 3 of its sites'],
  ['connections', 'Connections', 'half the circles crossed, rounded down; 10 with all 19'],
];

/** 1st, 2nd, 3rd, 4th, 5th. */
const ordinal = (n: number): string => `${n}${['st', 'nd', 'rd'][n - 1] ?? 'th'}`;

/**
 * A player's place: 1 + the players with a higher total (a tie shares its place); an eliminated player shares the
 * last (R7), and has none when everyone was eliminated.
 */
export function rankOf(result: GobResult, p: PlayerID): string | null {
  const live = result.ranking.filter((q) => !result.scores[q].eliminated);
  if (result.scores[p].eliminated) return live.length > 0 ? ordinal(live.length + 1) : null;
  return ordinal(1 + live.filter((q) => result.scores[q].total > result.scores[p].total).length);
}

/**
 * An eliminated player's total: "Out" over the round, in the players' columns' width at every size ("Eliminated" does
 * not fit the 74 px a column gives its words even on a laptop, where it broke in two as "Elimi-" over "nated", as it
 * did in a 5-player table at 360 × 640); "Eliminated in round 7" whole for a screen reader and as the tooltip.
 */
function Out({ round }: { round: number | null }) {
  const said = `Eliminated in round ${round ?? '?'}`;
  return (
    <span className="gob-out" title={said}>
      <span aria-hidden="true">
        Out <small>round {round ?? '?'}</small>
      </span>
      <span className="visually-hidden">{said}</span>
    </span>
  );
}

/**
 * The end screen: every sheet's rank and total, then its score breakdown, best first (the winners' columns
 * marked); shared victory on a tie. Over the page; in a replay (`inline`), a panel in the board's flow with no
 * backdrop over the replay's timeline, closed with "Close".
 */
export function EndScreen({
  G,
  names,
  onClose,
  inline,
}: {
  G: GobState;
  names: Record<PlayerID, string>;
  onClose: () => void;
  inline?: boolean;
}) {
  // Where the room is short (gob-end.css) the rows' explanations are listed on demand, under the table.
  const [how, setHow] = useState(false);
  const result = G.result!;
  const winners = result.winners.map((p) => nameOf(names, p));
  const title =
    winners.length === 0
      ? 'Everyone was eliminated: nobody wins.'
      : winners.length === 1
        ? `${winners[0]} wins!`
        : `Shared victory: ${winners.join(' and ')}!`;
  const winner = (p: PlayerID) => (result.winners.includes(p) ? 'gob-winner' : undefined);
  const { button, onKeyDown } = useDialogKeys(onClose, inline);
  return (
    <div className={inline ? 'gob-overlay gob-in-replay' : 'gob-overlay'} onKeyDown={onKeyDown}>
      <section className="gob-dialog" role="dialog" aria-label="Final scores" data-testid="gameover">
        <h2>{title}</h2>
        {result.ranking.some((p) => result.scores[p].eliminated) && (
          <p className="gob-note" data-testid="eliminated-note">
            An eliminated player scores nothing and ranks last.
          </p>
        )}
        <div className="gob-table-wrap">
          <table className="gob-scores">
            <thead>
              <tr>
                <th scope="col">Scoring</th>
                {result.ranking.map((p) => (
                  <th key={p} scope="col" className={winner(p)} style={{ ['--gob-player' as string]: colourOf(G, p) }}>
                    <span className="gob-final-head">
                      {rankOf(result, p) !== null && (
                        <span className="gob-rank" data-testid={`rank-${p}`}>
                          {rankOf(result, p)}
                        </span>
                      )}
                      <PlayerMark colour={colourOf(G, p)} />
                      <span className="gob-final-name">
                        <ShortName name={nameOf(names, p)} level="under" />
                      </span>
                    </span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {/* The totals first, under the names: in view however far the breakdown below runs. */}
              <tr className="gob-total">
                <th scope="row">Total</th>
                {result.ranking.map((p) => (
                  <td key={p} data-testid={`final-${p}`} className={winner(p)}>
                    {result.scores[p].eliminated ? (
                      <Out round={G.players[p].eliminatedRound} />
                    ) : (
                      numberText(result.scores[p].total)
                    )}
                  </td>
                ))}
              </tr>
              {BREAKDOWN.map(([key, label, explained]) => (
                <tr key={key}>
                  <th scope="row">
                    {label}
                    <small className="gob-score-how">{explained}</small>
                  </th>
                  {result.ranking.map((p) => (
                    <td key={p}>{result.scores[p].eliminated ? '—' : numberText(result.scores[p][key])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {how && (
          <dl className="gob-how-list" data-testid="scores-how-list">
            {BREAKDOWN.map(([key, label, explained]) => (
              <React.Fragment key={key}>
                <dt>{label}</dt>
                <dd>{explained}</dd>
              </React.Fragment>
            ))}
          </dl>
        )}
        <div className="gob-end-actions">
          <button
            type="button"
            className="gob-how-toggle"
            aria-expanded={how}
            onClick={() => setHow(!how)}
            data-testid="scores-how"
          >
            How each row scores
          </button>
          <button type="button" className="primary" onClick={onClose} data-testid="gameover-close" ref={button}>
            {inline ? 'Close' : 'Look at the map'}
          </button>
        </div>
      </section>
    </div>
  );
}
