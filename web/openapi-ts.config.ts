import { defineConfig } from '@hey-api/openapi-ts';

// The client is generated from the committed openapi.json; `npm run generate` refreshes both.
export default defineConfig({
  input: '../openapi.json',
  // OPENAPI_TS_OUTPUT lets the drift test generate into a scratch folder and compare.
  output: { path: process.env.OPENAPI_TS_OUTPUT ?? 'src/api', format: 'prettier', lint: null },
  plugins: [
    '@hey-api/client-fetch',
    '@hey-api/typescript',
    { name: '@hey-api/sdk' },
    { name: '@tanstack/react-query', queryOptions: true, mutationOptions: true, queryKeys: true },
  ],
});
