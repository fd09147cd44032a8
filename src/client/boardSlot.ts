/** The board component the client mounts. */
export { PlaceholderBoard as Board, type GameBoardProps } from './PlaceholderBoard';
