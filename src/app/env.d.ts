/// <reference types="vite/client" />
/** The build number injected by vite.config.ts. */
declare const __BUILD__: string;
