/** Stylesheets are bundled by esbuild into public/build/main.css. */
declare module '*.css';
