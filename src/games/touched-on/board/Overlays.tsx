/**
 * The journey summary (shown when a new journey has just been dealt: who
 * finished 1st and 2nd, the Exp they took, the Lines unlocked) and the end
 * screen (every player's Exp cards, totals, and how a tie was broken).
 * Each takes focus when it opens (its button) and closes on Esc. On a phone the
 * summary stands at the window's top, over the page's header, clear of the
 * new hand and the action sheet below (board.css, `.to-summary`). In a replay
 * (`inline`) each is a panel in the board's flow instead, with no backdrop over
 * the replay's timeline, taking no focus (Play goes on, its button keeps it),
 * and its button says "Close": there is no next journey to deal.
 */
import React from 'react';
import { useDialogKeys } from '../../../client/boardHooks';
import { expValue } from '../data';
import type { GameOver, PlayerID } from '../types';
import { CardFace } from './CardFace';
import { expLook } from './look';
import { playerLabel, tieBreakRounds, tieBreakText, type JourneyResult } from './logic';
import { SeatMark } from './SeatMark';

/** The result of the journey that just ended. */
export function JourneySummary({
  result,
  names,
  onClose,
  inline,
}: {
  result: JourneyResult;
  names: Record<PlayerID, string>;
  onClose: () => void;
  /** A replay's: in the board's flow, not over the page (see the top of this file). */
  inline?: boolean;
}) {
  const { button, onKeyDown } = useDialogKeys(onClose, inline);
  return (
    <div className={inline ? 'to-overlay to-summary in-replay' : 'to-overlay to-summary'} onKeyDown={onKeyDown}>
      <section className="dialog" data-testid="journey-summary" role="dialog" aria-label="Journey result">
        <h2>Journey {result.journey} is over</h2>
        {result.reason === 'stall' && <p className="muted">The journey stalled: places went by fewest cards.</p>}
        <ol>
          {result.finishes.map((f) => (
            <li key={f.player} data-testid={`summary-${f.player}`}>
              <SeatMark id={f.player} /> <b>{playerLabel(f.player, names)}</b> finished {f.place === 1 ? '1st' : '2nd'}{' '}
              and took {f.exp} Exp card
              {f.exp === 1 ? '' : 's'}.
            </li>
          ))}
        </ol>
        {result.unlocks.length > 0 && (
          <p>
            Lines filled:{' '}
            {result.unlocks.map((u) => `line ${u.line} by ${playerLabel(u.player, names)} (its Exp)`).join('; ')}.
          </p>
        )}
        <p className="hint">The cards are dealt again for the next journey.</p>
        <button type="button" className="primary" onClick={onClose} data-testid="journey-summary-close" ref={button}>
          {inline ? 'Close' : 'Next journey'}
        </button>
      </section>
    </div>
  );
}

/** The final scores. */
export function GameOverView({
  over,
  order,
  names,
  onClose,
  inline,
}: {
  over: GameOver;
  order: PlayerID[];
  names: Record<PlayerID, string>;
  onClose?: () => void;
  /** A replay's: in the board's flow, not over the page (see the top of this file). */
  inline?: boolean;
}) {
  const ranked = [...order].sort((a, b) => over.scores[b].total - over.scores[a].total);
  // The winner first, then by total.
  ranked.sort((a, b) => (a === over.winner ? -1 : b === over.winner ? 1 : 0));
  const rounds = tieBreakRounds(over);
  const removed = (p: PlayerID) => rounds.filter((r) => p in r.totals).length;
  const { button, onKeyDown } = useDialogKeys(onClose, inline);
  return (
    <div className={inline ? 'to-overlay in-replay' : 'to-overlay'} onKeyDown={onKeyDown}>
      <section className="dialog" data-testid="gameover" role="dialog" aria-label="Final scores">
        <h2>{playerLabel(over.winner, names)} wins!</h2>
        {over.tieBreak && (
          <p className="tiebreak" data-testid="tiebreak">
            {tieBreakText(over, names)}
          </p>
        )}
        <table>
          <thead>
            <tr>
              <th>Player</th>
              <th>Exp cards</th>
              <th>Total</th>
            </tr>
          </thead>
          <tbody>
            {ranked.map((p) => {
              const s = over.scores[p];
              const cards = [...s.exp].sort((a, b) => expValue(b) - expValue(a));
              const gone = removed(p);
              return (
                <tr key={p} data-testid={`final-${p}`} className={p === over.winner ? 'winner' : ''}>
                  <td>
                    <SeatMark id={p} /> {playerLabel(p, names)}
                  </td>
                  <td>
                    <div className="exp-row">
                      {cards.length === 0
                        ? 'none'
                        : cards.map((e, i) => (
                            <CardFace key={e} look={expLook(e)} className={i < gone ? 'removed' : ''} mini />
                          ))}
                    </div>
                  </td>
                  <td>
                    <b>{s.total}</b>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {onClose && (
          <button type="button" onClick={onClose} data-testid="gameover-close" ref={button}>
            {inline ? 'Close' : 'Look at the table'}
          </button>
        )}
      </section>
    </div>
  );
}
