/** The parts of the viewer's turn: the batch being put together, and the selected Inspector or Power. */
import React from 'react';
import { parseCard } from '../data';
import type { PlayerID } from '../types';
import {
  checkBatch,
  checkInspect,
  currentCarriage,
  legalBatches,
  legalFeetOnSeat,
  legalTramTracker,
  type BatchOption,
} from '../legal';
import { cardName, playerLabel } from './logic';
import type { PanelProps } from './selection';

/** What to choose when the batch holds no card yet (there is nothing to play, so no Play button). */
function emptyHint(line: string, opt: BatchOption | undefined): string {
  const ways = [
    opt && opt.maxEvaders > 0 && `choose Evaders of line ${line} in your hand or use +`,
    opt?.prioritySeat && 'add your Priority Seat',
  ].filter(Boolean);
  return ways.length ? `No card chosen yet: ${ways.join(', or ')}.` : `No card can be played on line ${line} now.`;
}

/** The batch being put together: count, Priority Seat, Line. */
export function BatchSection({ G, ctx, me, sel, setSel, act }: PanelProps & { me: PlayerID }) {
  const options = legalBatches(G, ctx, me);
  const opt = sel.line ? options.find((o) => o.line === sel.line) : undefined;
  const seatLines = options.filter((o) => o.prioritySeat);
  const max = opt ? Math.min(opt.maxEvaders, opt.maxCards - (sel.seat ? 1 : 0)) : 0;
  const total = sel.count + (sel.seat ? 1 : 0);
  // The batch as the move would take it (the move's own check): a choice it would refuse offers no Play button.
  const refusal =
    sel.line && total > 0 ? checkBatch(G, ctx, me, { line: sel.line, count: sel.count, prioritySeat: sel.seat }) : null;
  const why = typeof refusal === 'string' ? refusal : null;
  return (
    <div className="action-section" data-testid="batch">
      <h4>Play Evaders</h4>
      {sel.line === null ? (
        <>
          <p>Priority Seat: choose the Line.</p>
          <div className="buttons">
            {seatLines.map((o) => (
              <button
                type="button"
                key={o.line}
                onClick={() => setSel({ line: o.line, count: 0 })}
                data-testid={`batch-line-${o.line}`}
              >
                Line {o.line}
              </button>
            ))}
          </div>
        </>
      ) : (
        <>
          <p>
            <b>
              {sel.count} Evader{sel.count === 1 ? '' : 's'} of line {sel.line}
            </b>
            {sel.seat ? ' + Priority Seat' : ''}
            {opt && opt.maxCards === 1 && <span className="muted"> · Peak Hour: 1 card only</span>}
          </p>
          {opt && opt.maxEvaders > 0 && (
            <div className="buttons" role="group" aria-label="How many Evaders">
              {/* At their limit − and + are marked disabled (aria-disabled) and refuse the press, but stay focusable:
                  a disabled button loses focus to the page's body, from where Shift+Tab went to the hand's far end. */}
              <button
                type="button"
                onClick={() => sel.count > 0 && setSel({ count: sel.count - 1 })}
                aria-disabled={sel.count <= 0}
                data-testid="batch-minus"
                aria-label="One Evader fewer"
              >
                −
              </button>
              <span className="batch-count" data-testid="batch-count" aria-live="polite">
                {sel.count}
              </span>
              <button
                type="button"
                onClick={() => sel.count < max && setSel({ count: sel.count + 1 })}
                aria-disabled={sel.count >= max}
                data-testid="batch-plus"
                aria-label="One Evader more"
              >
                +
              </button>
              {max > 1 && (
                <button type="button" onClick={() => setSel({ count: max })} data-testid="batch-all">
                  All {max}
                </button>
              )}
            </div>
          )}
          {opt?.prioritySeat && (
            <label>
              <input
                type="checkbox"
                checked={sel.seat}
                // With room for one card more at most (a Peak Hour: one card in all), the seat takes an Evader's place.
                onChange={(e) =>
                  setSel(
                    e.target.checked && opt
                      ? { seat: true, count: Math.min(sel.count, opt.maxCards - 1) }
                      : { seat: e.target.checked },
                  )
                }
                data-testid="batch-seat"
              />{' '}
              Add my Priority Seat (counts towards the 9)
            </label>
          )}
        </>
      )}
      {sel.line && total === 0 && (
        <p className="hint" data-testid="batch-empty">
          {emptyHint(sel.line, opt)}
        </p>
      )}
      <div className="buttons">
        {why && (
          <p className="hint" data-testid="batch-refused">
            {why}
          </p>
        )}
        {sel.line && total > 0 && !why && (
          <button
            type="button"
            className="primary"
            onClick={() => act.playBatch(sel.line!, sel.count, sel.seat)}
            data-testid="play-batch"
          >
            Play {total} card{total === 1 ? '' : 's'} on line {sel.line}
          </button>
        )}
        <button type="button" onClick={() => setSel({ line: null, count: 0, seat: false })} data-testid="batch-cancel">
          Cancel
        </button>
      </div>
    </div>
  );
}

/** The selected Inspector or Power, with its targets. */
export function CardSection({ G, ctx, me, names, sel, setSel, act }: PanelProps & { me: PlayerID }) {
  const card = sel.card!;
  const c = parseCard(card);
  const cancel = (
    <button type="button" onClick={() => setSel({ card: null })} data-testid="card-cancel">
      Cancel
    </button>
  );
  if (!c) return null;
  if (c.kind === 'authorised' || c.kind === 'undercover') {
    const r = checkInspect(G, ctx, me, { card });
    return (
      <div className="action-section" data-testid="inspect-section">
        <h4>{cardName(card)}</h4>
        {typeof r === 'string' ? (
          <p className="muted">{r}</p>
        ) : (
          <p>
            Inspect the current carriage on line {r.line}: {playerLabel(r.victim, names)} takes {r.evaders.length}{' '}
            Evader{r.evaders.length === 1 ? '' : 's'}
            {c.kind === 'undercover' ? ' (unless they Appeal)' : ' (an Appeal against an Authorised Inspector fails)'}.
          </p>
        )}
        <div className="buttons">
          <button type="button" className="primary" onClick={() => act.inspect(card)} data-testid="inspect">
            Inspect
          </button>
          {cancel}
        </div>
      </div>
    );
  }
  if (c.kind !== 'power') return null;
  const cur = currentCarriage(G);
  // A target's button: its name, then after a dot (as the hand's title adds "· 3 playable") what it holds, "Bot 2
  // (normal) · 9 cards". In brackets it read "Bot 2 (normal) (9 cards)" for a bot, whose name brings its level.
  const body = (() => {
    switch (c.power) {
      case 'feetOnSeat':
        return (
          <>
            <p>Choose an opponent: they take back every Evader they played into the current carriage.</p>
            <div className="buttons">
              {legalFeetOnSeat(G, ctx, me).map((p) => {
                const n = cur?.cards.filter((pc) => pc.player === p && parseCard(pc.card)?.kind === 'evader').length;
                return (
                  <button type="button" key={p} onClick={() => act.feetOnSeat(p)} data-testid={`fos-target-${p}`}>
                    {`${playerLabel(p, names)} · ${n} Evader${n === 1 ? '' : 's'}`}
                  </button>
                );
              })}
            </div>
          </>
        );
      case 'tramTracker':
        return (
          <>
            <p>Choose an opponent: they show you their hand; you take one card and give one back.</p>
            <div className="buttons">
              {legalTramTracker(G, ctx, me).map((p) => (
                <button type="button" key={p} onClick={() => act.tramTracker(p)} data-testid={`tracker-target-${p}`}>
                  {`${playerLabel(p, names)} · ${G.players[p].handSize} card${G.players[p].handSize === 1 ? '' : 's'}`}
                </button>
              ))}
            </div>
          </>
        );
      case 'peakHour':
        return (
          <>
            <p>Until your next turn, every other player may add only 1 card per turn.</p>
            <div className="buttons">
              <button type="button" className="primary" onClick={act.peakHour} data-testid="peak-hour">
                Play Peak Hour
              </button>
            </div>
          </>
        );
      case 'freeTramZone':
        return (
          <>
            <p>
              Place it on the current line{G.currentLine ? ` (${G.currentLine})` : ''}: no Inspector may be played there
              until a card goes on another Line.
            </p>
            <div className="buttons">
              <button type="button" className="primary" onClick={act.freeTramZone} data-testid="free-tram-zone">
                Place Free Tram Zone
              </button>
            </div>
          </>
        );
      case 'appeal':
        return (
          <>
            <p>Play it now as your Power, with no effect, just to get rid of it.</p>
            <div className="buttons">
              <button type="button" className="primary" onClick={act.shedAppeal} data-testid="shed-appeal">
                Play Appeal
              </button>
            </div>
          </>
        );
      case 'prioritySeat':
        return null;
    }
  })();
  return (
    <div className="action-section" data-testid="power-section">
      <h4>{cardName(card)}</h4>
      {body}
      <div className="buttons">{cancel}</div>
    </div>
  );
}
