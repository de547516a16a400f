import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BRIDGE_INSTALL_COMMAND, BRIDGE_SIMULATE_FLAG, BRIDGE_START_COMMAND } from './bridge-commands.ts';

const README = fs.readFileSync(new URL('../../../../../../README.md', import.meta.url), 'utf8');
/** README's "Health Device Bridge" section. */
const bridgeSection = README.slice(
  README.indexOf('## Health Device Bridge'),
  README.indexOf('## Architecture'),
);

describe("the Bridge panel's set-up says the README's install command (issue 40 item 10)", () => {
  it('gives the same install and start commands as the README', () => {
    expect(bridgeSection).toContain(`\`${BRIDGE_INSTALL_COMMAND}\``);
    expect(bridgeSection).toContain(`\`${BRIDGE_START_COMMAND}\``);
    expect(bridgeSection).toContain(`\`${BRIDGE_START_COMMAND} ${BRIDGE_SIMULATE_FLAG}\``);
    // No other install command beside it (the panel once said `npm ci`).
    expect(bridgeSection).not.toMatch(/`npm ci`/);
  });
});
