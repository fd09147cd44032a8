/** The end screen: ranks, totals first (a phone shows them without scrolling), how they add up, each player's cards, and how ties were broken. */
import React from 'react';
import { TrophyIcon } from './Icons';
import type { GameOver, GState, PlayerID } from '../types';
import { playerLabel, tieBreakText, TRAM_STYLE } from './logic';
import { CardRow } from './MonumentCard';
import { useDialogKeys } from '../../../client/boardHooks';

/**
 * The final scores overlay. In a replay (`inline`), a panel in the board's flow with no backdrop over the replay's
 * timeline, closed with "Close".
 */
export function GameOverView({
  G,
  over,
  names,
  onClose,
  inline,
}: {
  G: GState;
  over: GameOver;
  names: Record<PlayerID, string>;
  onClose?: () => void;
  inline?: boolean;
}) {
  const { button, onKeyDown } = useDialogKeys(onClose, inline);
  return (
    <div className={inline ? 'gameover-backdrop in-replay' : 'gameover-backdrop'} onKeyDown={onKeyDown}>
      <section className="gameover" data-testid="gameover" role="dialog" aria-label="Final scores">
        <h2>
          <TrophyIcon /> {playerLabel(G, over.winner, names)} wins!
        </h2>
        <p className="tiebreak" data-testid="tiebreak">
          {tieBreakText(over, G, names)}
        </p>
        <table>
          <thead>
            <tr>
              <th>#</th>
              <th>Player</th>
              <th>Total</th>
              <th>Card VP</th>
              <th title="Complete tickets between neighbouring cards in the row: 1 VP each (first tie-breaker)">
                Links
              </th>
              <th title="Passengers still on the tram (second tie-breaker)">Passengers</th>
              <th className="cards-col">Monument cards</th>
            </tr>
          </thead>
          <tbody>
            {over.order.map((id) => {
              const s = over.scores[id];
              const st = TRAM_STYLE[G.players[id].color];
              const cards = (
                <CardRow
                  row={G.players[id].row}
                  side={G.side}
                  empty="none"
                  label={`${playerLabel(G, id, names)}'s Monument cards`}
                />
              );
              const winner = id === over.winner ? 'winner' : '';
              return (
                <React.Fragment key={id}>
                  <tr data-testid={`final-${id}`} className={winner}>
                    <td>{s.rank}</td>
                    <td>
                      <span className="tram-chip" style={{ background: st.fill, borderColor: st.stroke }} />{' '}
                      {playerLabel(G, id, names)}
                    </td>
                    <td>
                      <b>{s.total}</b>
                    </td>
                    <td>{s.cardVP}</td>
                    <td>{s.connections}</td>
                    <td>{s.passengers}</td>
                    <td className="cards-col">{cards}</td>
                  </tr>
                  {/* On a phone the cards take a row of their own, under the numbers (a last column lay past the
                      screen's edge, unseen). Only one of the two is displayed. */}
                  <tr className={`cards-below ${winner}`}>
                    <td colSpan={6}>{cards}</td>
                  </tr>
                </React.Fragment>
              );
            })}
          </tbody>
        </table>
        <p className="hint" data-testid="score-how">
          Total = the VP printed on the Monument cards + 1 VP per link, a complete ticket between neighbouring cards of
          the row. Ties go to the most links, then the most passengers still on the tram, then the player latest in turn
          order (farthest from the first player).
        </p>
        {onClose && (
          <button type="button" onClick={onClose} data-testid="gameover-close" ref={button}>
            {inline ? 'Close' : 'Look at the board'}
          </button>
        )}
      </section>
    </div>
  );
}
