import { describe, expect, it } from 'vitest';
import { parseSidebarCookie, serializeSidebarCookie } from './sidebar-cookie.ts';

describe('sidebar cookie', () => {
  it('writes the state for 7 days on every path', () => {
    expect(serializeSidebarCookie(false)).toBe('sidebar_state=false; path=/; max-age=604800; SameSite=Lax');
    expect(serializeSidebarCookie(true)).toMatch(/^sidebar_state=true; /);
  });

  it.each([
    ['sidebar_state=true', true],
    ['a=1; sidebar_state=false; b=2', false],
    ['other=1', null],
    ['', null],
    ['sidebar_state=maybe', null],
    ['xsidebar_state=false', null],
  ])('reads %j as %s', (header, expected) => {
    expect(parseSidebarCookie(header)).toBe(expected);
  });
});
