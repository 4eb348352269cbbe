/**
 * Runs s3rver (an S3-compatible server from npm) in its own process for the tests and drills (s3.ts):
 * `node --openssl-legacy-provider s3rver-main.mjs <directory> <bucket>`. It prints
 * `{"port":N}` once it listens and runs until it is killed. Its own process because s3rver
 * encrypts list continuation tokens with DES, which Node 17+ (OpenSSL 3) only offers with the
 * legacy provider: without it every list of more than 1000 objects fails.
 */
import S3rver from 's3rver';

const [directory, bucket = 'media'] = process.argv.slice(2);
if (!directory) {
  console.error('usage: node --openssl-legacy-provider s3rver-main.mjs <directory> [bucket]');
  process.exit(2);
}
const server = new S3rver({
  port: 0,
  address: '127.0.0.1',
  silent: true,
  directory,
  configureBuckets: [{ name: bucket, configs: [] }],
});
const address = await server.run();
console.log(JSON.stringify({ port: address.port }));
process.on('SIGTERM', () => server.close().then(() => process.exit(0)));
