/**
 * A standalone page for the browser test: the board pieces on the fixture.
 * `#map` shows the map (`#big`: on an 11 × 9 lattice) with routes, a plot and targets (picks and hovers are
 * recorded in `window.__gobPicks` / `__gobHovers`); `#sheet` shows a full
 * sheet (`#sheet-out`: eliminated), two compact ones, the icons and tickets;
 * `#paris` and `#rome` show a real map as the game's board draws it, bare;
 * `#end` shows the end screen of a finished game (one player eliminated);
 * `#plot` shows the plot panel at the start of a plot of the longest shape ("2 markers, straight or 1 turn").
 */
import React, { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { InitializeGame } from 'boardgame.io/internal';
import { GetOnBoard } from '../../../../../src/games/get-on-board';
import { shapeFor } from '../../../../../src/games/get-on-board/data';
import { chooseDeparture } from '../../../../../src/games/get-on-board/moves';
import type { GobState } from '../../../../../src/games/get-on-board/types';
import { EMPTY_DRAFT, viewDraft } from '../../../../../src/games/get-on-board/board/plotBuilder';
import type { PointId } from '../../../../../src/games/get-on-board/maps/types';
import { MapView } from '../../../../../src/games/get-on-board/board/MapView';
import { SheetView } from '../../../../../src/games/get-on-board/board/SheetView';
import { SheetCompact } from '../../../../../src/games/get-on-board/board/SheetCompact';
import { ALL_ICONS, IconSvg, ShapeGlyph, TicketCard } from '../../../../../src/games/get-on-board/board/icons';
import { EndScreen, PlotPanel } from '../../../../../src/games/get-on-board/board/Panels';
import '../../../../../src/games/get-on-board/board/gob-board.css';
import { PARIS } from '../../../../../src/games/get-on-board/maps/paris';
import { ROME } from '../../../../../src/games/get-on-board/maps/rome';
import {
  bigMap,
  END_NAMES,
  END_STATE,
  FIXTURE_MAP,
  OPPONENTS,
  PAWNS,
  PLOT,
  ROUTES,
  ROUTES5,
  SHEET,
  TARGETS,
} from '../fixture';

declare global {
  interface Window {
    __gobPicks: PointId[];
    __gobHovers: (PointId | null)[];
  }
}
window.__gobPicks = [];
window.__gobHovers = [];

function MapPage({ big }: { big?: boolean }) {
  const [hover, setHover] = useState<PointId | null>(null);
  return (
    <main style={{ padding: 8 }} className="harness-map">
      <MapView
        map={big ? bigMap() : FIXTURE_MAP}
        routes={big ? ROUTES5 : ROUTES}
        pawns={PAWNS}
        plot={PLOT}
        targets={TARGETS}
        activeSpeedy="yellow"
        mySites={['a', 'b', 'c']}
        onPick={(to) => window.__gobPicks.push(to)}
        onHover={(to) => {
          window.__gobHovers.push(to);
          setHover(to);
        }}
      />
      <p data-testid="hover" style={{ margin: 4, font: '13px system-ui' }}>
        {hover ? `Preview: ${hover}` : 'Pick the next intersection.'}
      </p>
    </main>
  );
}

function SheetPage({ out }: { out?: boolean }) {
  return (
    <main style={{ padding: 8, display: 'grid', gap: 10, maxWidth: 760 }}>
      <SheetView {...SHEET} eliminated={out} />
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: 8 }}>
        {OPPONENTS.map((o) => (
          <SheetCompact key={o.name} {...o} />
        ))}
      </div>
      <div data-testid="icons" style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
        {ALL_ICONS.map((i) => (
          <span key={i}>
            <IconSvg icon={i} size={14} />
            <IconSvg icon={i} size={28} />
          </span>
        ))}
        {(['A', 'B', 'C', 'D', 'E', 'F'] as const).map((s) => (
          <ShapeGlyph key={s} shape={s} />
        ))}
      </div>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 6 }}>
        {Array.from({ length: 12 }, (_, i) => (
          <TicketCard key={i} n={i + 1} crossed={i === 7} />
        ))}
      </div>
    </main>
  );
}

function EndPage() {
  return (
    <main style={{ padding: 8 }}>
      {/*
       * As the site sets the page (src/client/styles.css): its type, its buttons, and the room it keeps free below
       * the final scores for its end bars (online, the most).
       */}
      <style>
        {':root { font-family: system-ui, sans-serif; line-height: 1.45; } * { box-sizing: border-box; }' +
          ' button { font: inherit; padding: 8px 14px; }' +
          " [role='dialog'][aria-label='Final scores'] { margin-bottom: 176px; max-height: calc(100dvh - 208px); }"}
      </style>
      <EndScreen G={END_STATE} names={END_NAMES} onClose={() => undefined} />
    </main>
  );
}

/** Seat 0's plot in round 1 of a seeded 2-player game on Rome, its ticket the one that means shape C on its sheet. */
function PlotPage() {
  const G = structuredClone(InitializeGame({ game: { ...GetOnBoard, seed: 'plot' }, numPlayers: 2 }).G) as GobState;
  for (const p of G.order) chooseDeparture({ G, playerID: p }, { ticket: G.offers[p][0] });
  const me = G.order[0];
  G.toPlay = me;
  G.inspector = me;
  G.ticket = [1, 2, 3, 4, 5, 6].find((t) => shapeFor(G.players[me].variant, t).id === 'C')!;
  const none = () => undefined;
  return (
    <main style={{ padding: 8, font: '16px system-ui' }}>
      <PlotPanel
        G={G}
        me={me}
        view={viewDraft(G, me, EMPTY_DRAFT)}
        hover={null}
        sending={false}
        onTakeBack={none}
        onClear={none}
        onAddExtra={none}
        onCancelExtra={none}
        onConfirm={none}
      />
    </main>
  );
}

function App() {
  if (location.hash === '#end') return <EndPage />;
  if (location.hash === '#plot') return <PlotPage />;
  if (location.hash.startsWith('#sheet')) return <SheetPage out={location.hash === '#sheet-out'} />;
  if (location.hash === '#paris' || location.hash === '#rome')
    return (
      <main style={{ padding: 8 }} className="harness-map">
        <MapView map={location.hash === '#paris' ? PARIS : ROME} />
      </main>
    );
  return <MapPage big={location.hash === '#big'} />;
}

createRoot(document.getElementById('root')!).render(<App />);
