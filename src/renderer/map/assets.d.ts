/** Asset imports that vite resolves for the map (the renderer's tsconfig loads no vite/client types). */
declare module '*?url' {
  const url: string;
  export default url;
}

declare module 'world-atlas/countries-50m.json' {
  import type { Topology } from 'topojson-specification';
  const topology: Topology;
  export default topology;
}

declare module 'world-atlas/countries-110m.json' {
  import type { Topology } from 'topojson-specification';
  const topology: Topology;
  export default topology;
}
