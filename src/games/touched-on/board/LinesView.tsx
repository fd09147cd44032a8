/**
 * The Lines laid end to end: each Line card with its count out of 9 (a Line
 * over 9, which a Priority Seat allows, reads "10 · full"), its hidden Exp
 * (face down, or who took it), a Free Tram Zone when one is on it, and its
 * carriages, numbered as shown (an emptied carriage is left out), their cards
 * fanned in the order they were added and each run of cards one player added
 * tagged with that player. The current line and carriage are highlighted; an
 * exposed carriage says so.
 */
import React from 'react';
import { EVADERS_PER_LINE, type LineId } from '../data';
import type { PlacedCard, PlayerID, TOState } from '../types';
import { currentCarriage, isExposed, lineCount } from '../legal';
import { CardFace, LineCardFace } from './CardFace';
import { cardLook, lineLook } from './look';
import { expTakenBy, playerLabel, seatColour } from './logic';
import { SeatMark } from './SeatMark';
import { withoutBotLevel } from '../../common/names';

/** Small deterministic tilt so a stack looks laid by hand. */
function tilt(card: string): string {
  let h = 0;
  for (const ch of card) h = (h * 31 + ch.charCodeAt(0)) % 997;
  return `${(h % 7) - 3}deg`;
}

/** A Line's count as read under its card: "6/9", and "9 · full", "10 · full" once full (a Priority Seat can pass 9). */
export function countText(count: number): string {
  return count >= EVADERS_PER_LINE ? `${count} · full` : `${count}/${EVADERS_PER_LINE}`;
}

/** A carriage's cards in runs: the cards one player added one after the other. */
function runs(cards: PlacedCard[]): PlacedCard[][] {
  const out: PlacedCard[][] = [];
  for (const pc of cards) {
    const last = out[out.length - 1];
    if (last && last[0].player === pc.player) last.push(pc);
    else out.push([pc]);
  }
  return out;
}

/** The Lines. `targets` are the Lines the selected batch may go on; `onLine` is called by a Line card's button. */
export function LinesView({
  G,
  names,
  targets,
  chosen,
  onLine,
}: {
  G: TOState;
  names: Record<PlayerID, string>;
  targets: LineId[];
  chosen: LineId | null;
  onLine: (line: LineId) => void;
}) {
  const cur = currentCarriage(G);
  const exposed = isExposed(G);
  const taken = expTakenBy(G.log);
  return (
    <div className="to-lines" data-testid="lines">
      {G.lineOrder.map((id) => {
        const L = G.lines[id];
        const count = lineCount(G, id);
        const look = lineLook(id);
        const isCurrent = G.currentLine === id;
        const target = targets.includes(id);
        const takenBy = taken[id];
        // An emptied carriage is not shown (the current one is, empty or not), and the shown ones are numbered 1, 2…
        // The current carriage comes first, under the Line's card: it is what an Inspector, an Appeal or the next
        // batch is about, and the ended ones (which only count now) would push it down under the hand.
        const shown = L.carriages
          .filter((c) => c.cards.length > 0 || cur?.id === c.id)
          .map((c, i) => ({ c, n: i + 1 }))
          .sort((a, b) => Number(b.c.id === cur?.id) - Number(a.c.id === cur?.id));
        return (
          <div
            key={id}
            className={`line-col${isCurrent ? ' current' : ''}${target ? ' target' : ''}${chosen === id ? ' chosen' : ''}`}
            data-testid={`line-col-${id}`}
          >
            <div className="line-top">
              <button
                type="button"
                className="line-head"
                onClick={() => onLine(id)}
                data-testid={`line-${id}`}
                aria-pressed={chosen === id}
                title={`Line ${look.route}: ${look.from} – ${look.to}${target ? ' (you may play here)' : ''}`}
              >
                <LineCardFace line={look} count={count} />
              </button>
              <div className="line-info">
                <span className={`line-count${count >= EVADERS_PER_LINE ? ' full' : ''}`} data-testid={`count-${id}`}>
                  {countText(count)}
                  {isCurrent ? ' · current' : ''}
                </span>
                <span className="line-exp" data-testid={`line-exp-${id}`}>
                  {L.hasExp ? (
                    <>
                      <CardFace look={{ kind: 'exp-back' }} mini /> Exp hidden
                    </>
                  ) : takenBy ? (
                    <>Exp taken by {playerLabel(takenBy, names)}</>
                  ) : (
                    <>No Exp</>
                  )}
                </span>
                {L.freeTramZone && (
                  <span
                    className="ftz-marker"
                    data-testid={`ftz-${id}`}
                    title="No Inspector may be played on this Line"
                  >
                    FREE TRAM ZONE
                  </span>
                )}
              </div>
            </div>
            <div className="carriages">
              {shown.map(({ c, n }) => {
                const isCur = cur?.id === c.id;
                // An emptied carriage holds nothing to inspect: it is not shown as exposed.
                const shownExposed = isCur && exposed && c.cards.length > 0;
                return (
                  <div
                    key={c.id}
                    className={`carriage${isCur ? ' current' : ''}${shownExposed ? ' exposed' : ''}`}
                    data-testid={`carriage-${c.id}`}
                    title={shownExposed ? 'Exposed: the previous player added to this carriage last turn.' : undefined}
                  >
                    <span className="carriage-label">
                      {isCur ? (
                        <>
                          Current<span className="label-more"> carriage</span>
                        </>
                      ) : (
                        `Carriage ${n}`
                      )}
                      {c.cards.length === 0 ? ' (empty)' : ''}
                    </span>
                    <div className="carriage-cards">
                      {runs(c.cards).map((run) => (
                        <div key={run[0].card} className="run">
                          <div className="run-cards">
                            {run.map((pc) => (
                              <div
                                key={pc.card}
                                className="ccard"
                                style={{ '--tilt': tilt(pc.card) } as React.CSSProperties}
                                data-testid={`placed-${pc.card}`}
                                title={`${playerLabel(pc.player, names)}`}
                              >
                                <CardFace look={cardLook(pc.card)} />
                              </div>
                            ))}
                          </div>
                          <span
                            className="by"
                            style={{ borderColor: seatColour(run[0].player) }}
                            title={`Added by ${playerLabel(run[0].player, names)}`}
                          >
                            <SeatMark id={run[0].player} size={9} />
                            <span className="by-name">{withoutBotLevel(playerLabel(run[0].player, names))}</span>
                          </span>
                        </div>
                      ))}
                    </div>
                  </div>
                );
              })}
            </div>
          </div>
        );
      })}
    </div>
  );
}
