/** The game log: public events in plain words, grouped by turn, newest turn first. */
import React from 'react';
import type { Ctx } from 'boardgame.io';
import type { GState, PlayerID } from '../types';
import { playerLabel, TRAM_STYLE } from './logic';
import { logTurns } from './logText';

/** The log panel. */
export function LogView({ G, ctx, names }: { G: GState; ctx: Ctx; names: Record<PlayerID, string> }) {
  const turns = logTurns(G, ctx, names);
  return (
    <section className="log" data-testid="log" aria-live="polite" tabIndex={0} aria-label="Game log">
      <h3>Game log</h3>
      {turns.length === 0 ? (
        <p className="muted">Nothing has happened yet. All trams start at Rossio.</p>
      ) : (
        turns.map((t) => (
          <div key={t.turn} className="log-turn">
            <div className="log-turn-head">
              {t.player !== null && G.players[t.player] && (
                <span
                  className="tram-chip"
                  style={{
                    background: TRAM_STYLE[G.players[t.player].color].fill,
                    borderColor: TRAM_STYLE[G.players[t.player].color].stroke,
                  }}
                />
              )}
              {t.turn === 0
                ? 'Setup'
                : `Turn ${t.turn}${t.player !== null ? ` · ${playerLabel(G, t.player, names)}` : ''}`}
            </div>
            <ol>
              {t.lines.map((l) => (
                <li key={l.id} className={`log-${l.kind}`} data-testid={`log-${l.id}`}>
                  {l.text}
                </li>
              ))}
            </ol>
          </div>
        ))
      )}
    </section>
  );
}
