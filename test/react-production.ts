/**
 * Setup of the `rules` project (vitest.config.ts): React's production build.
 *
 * Those tests render the boards to markup thousands of times (every state of
 * seeded games, from every seat). React's development build spent about 40%
 * of that time on checks whose only output is a console warning, which no
 * test reads. The page that players get is React's production build too.
 * React picks its build when first loaded, from NODE_ENV; it is loaded here
 * with NODE_ENV=production, then NODE_ENV is put back, so boardgame.io keeps
 * its development checks (a move's result must be serializable). The `io`
 * project keeps React's development build, and `test/board/react-warnings`
 * fails on any warning it gives for each board.
 */
const before = process.env.NODE_ENV;
process.env.NODE_ENV = 'production';
await import('react');
await import('react/jsx-runtime');
await import('react-dom/server');
process.env.NODE_ENV = before;
export {};
