/** 28 Trams of Lisbon in the client: its board and what the generic pages ask of it (src/client/games.ts). */
import type { ClientGame, RulesFieldsProps } from '../../../client/games';
import { FirstPlayerField, Segmented } from '../../../client/SetupFields';
import { lisbon } from '../def';
import type { GState, SetupData } from '../types';
import { waitingFor } from '../selectors';
import { lazyNamed } from '../../../client/Deferred';
import { LisbonPicture } from './Picture';
import { Help } from './Help';
import { TRAM_STYLE } from './logic';
import { formatEvent } from './logText';
import { TRAM_COLORS } from '../data/types';
import { FACE_UP } from '../data/boards';

/** Rules options as the forms hold them. */
export interface RulesChoice {
  faceUp: 'final' | 'early';
  /** 'random' or a seat index. */
  firstPlayer: 'random' | number;
}

/** The setupData sent to the game. */
export function toSetupData(rules: RulesChoice, numPlayers: number): SetupData {
  const firstPlayer = rules.firstPlayer === 'random' || rules.firstPlayer >= numPlayers ? 'random' : rules.firstPlayer;
  return { faceUp: rules.faceUp, firstPlayer };
}

/** Face-up variant and first player. */
function RulesFields(props: RulesFieldsProps<RulesChoice>) {
  const { value, onChange } = props;
  return (
    <>
      <Segmented
        label={`Face-up Monument cards (${props.numPlayers} players)`}
        ariaLabel="Face-up Monument cards"
        options={['final', 'early'] as const}
        value={value.faceUp}
        onChange={(faceUp) => onChange({ ...value, faceUp })}
        text={(v) => `${v === 'final' ? 'Final' : 'Early'} (${FACE_UP[v][props.numPlayers]})`}
        testid={(v) => `${props.testid}-faceup-${v}`}
        hint={`The Monument cards the deck holds face up; the game ends once the last is dealt: ${FACE_UP.final[props.numPlayers]} in the final rulebook, ${FACE_UP.early[props.numPlayers]} in an early rules text (a longer game).`}
      />
      <FirstPlayerField
        value={value.firstPlayer}
        numPlayers={props.numPlayers}
        seatNames={props.seatNames}
        onChange={(firstPlayer) => onChange({ ...value, firstPlayer })}
        testid={props.testid}
      />
    </>
  );
}

const DECISION_TEXT: Record<string, string> = {
  pushBranch: 'must choose which way their pushed tram goes.',
  placePassengers: 'must place the new passengers on an empty tram stop.',
  bellChoice: 'must choose which passenger to keep and how to pay.',
};

/** The board, loaded when a match or hot-seat game is first shown. */
const Board = lazyNamed(() => import('./Board'), 'Board');

export const lisbonClient: ClientGame<RulesChoice> = {
  def: lisbon,
  Board,
  Help,
  seatColours: TRAM_COLORS.map((name) => ({ name, css: TRAM_STYLE[name].fill })),
  Picture: LisbonPicture,
  rules: { initial: { faceUp: 'final', firstPlayer: 'random' }, Fields: RulesFields, toSetupData },
  acting: (G, ctx) => waitingFor(G as GState, ctx.currentPlayer),
  decision: (G, ctx) => {
    const p = (G as GState).pending;
    return p && p.player !== ctx.currentPlayer ? (DECISION_TEXT[p.kind] ?? 'must decide.') : null;
  },
  describeSetup: (setupData) => {
    const d = (setupData ?? {}) as { faceUp?: string; firstPlayer?: number | string };
    const face = d.faceUp === 'early' ? 'early rules (one more face-up card)' : 'final rules';
    const first = typeof d.firstPlayer === 'number' ? `seat ${d.firstPlayer + 1} starts` : 'random first player';
    return `${face}, ${first}`;
  },
  spectatorUnseen: "no one's tickets",
  logLines: (G, names) =>
    (G as GState).events.flatMap((ev) => {
      const text = formatEvent(ev, G as GState, names);
      return text ? [text] : [];
    }),
};
