import { createContext, useContext } from 'react';

/**
 * The ward the board shows (its `?ward=`, decision 035), for the panels and editors inside it;
 * undefined: the person's first ward, the server's default.
 */
export const BoardWardContext = createContext<number | undefined>(undefined);

export const useBoardWard = () => useContext(BoardWardContext);
