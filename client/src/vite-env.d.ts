/// <reference types="vite/client" />

declare const __QAL_BUILD_ID__: string;
