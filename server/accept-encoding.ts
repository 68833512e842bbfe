/**
 * Whether a request takes an encoding. It is the edge's (edge/compression.ts gzips answers with it);
 * the app's server (`npm start`'s precompressed scripts) reads it from here.
 */
export { acceptsEncoding } from './edge/accept-encoding.ts'
