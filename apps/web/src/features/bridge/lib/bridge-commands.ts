/**
 * The commands the Bridge panel's set-up gives, word for word as README.md's "Health Device Bridge"
 * gives them (a test holds the two together): one install, one start.
 */
export const BRIDGE_INSTALL_COMMAND = 'npm install';
export const BRIDGE_START_COMMAND = 'npm run bridge';
export const BRIDGE_SIMULATE_FLAG = '-- --simulate';
