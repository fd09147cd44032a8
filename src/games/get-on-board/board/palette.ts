/**
 * The players' colours, seat 0 to 4: the Okabe–Ito palette's vermillion,
 * blue, bluish green, orange and reddish purple, chosen to stay apart for
 * colour-blind players (routes also keep apart by lane, pawns by position).
 */
export const PLAYER_COLOURS = ['#d55e00', '#0072b2', '#009e73', '#e69f00', '#cc79a7'] as const;
