/** The board component the client mounts, and its props. */
export { Board, type LisbonBoardProps as GameBoardProps } from '../games/lisbon/board/Board';
