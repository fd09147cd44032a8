/** Stylesheets are bundled by esbuild into public/build/main-<hash>.css. */
declare module '*.css';
