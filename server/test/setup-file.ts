import { useTestPasswordHashing } from '../src/modules/users/password';

// Before every test file: passwords hashed at the test suites' cost (password.ts says why).
useTestPasswordHashing();
