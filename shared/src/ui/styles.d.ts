// Design-system pieces import their plain CSS; the bundler (Vite) handles it.
declare module '*.css';
