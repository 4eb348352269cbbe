/**
 * The real S3-compatible server (s3rver in a child process) the storage tests use. Its one copy
 * lives with the drills, which start it too (bench/fleet.ts): benchmarks may not import test code.
 */
export { startS3, type TestS3 } from '../../../bench/lib/s3.ts';
