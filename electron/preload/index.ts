import { contextBridge } from 'electron';

// The typed host contract is exposed here once it exists (see shared/).
contextBridge.exposeInMainWorld('host', Object.freeze({ version: 1 }));
