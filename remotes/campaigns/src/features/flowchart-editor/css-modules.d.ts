// React Flow's stylesheet is imported for its side effect (webpack's style-loader injects it);
// TypeScript 6 checks side-effect imports, so the CSS module kind is declared here.
declare module '*.css';
