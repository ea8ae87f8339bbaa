// Test data of the organizations feature (imported by *.test.tsx only); the shared fixtures
// (signIn, listAnswer, makePerson) are in src/test/fixtures.ts.
export { makeOrganization } from '../../test/fixtures';
