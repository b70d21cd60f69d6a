/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the API answers, set at build time; unset: the page's own origin (api/client.ts). */
  readonly VITE_API_BASE_URL?: string;
}
