// undici's files loaded one by one (undiciParts.ts), which undici declares
// no types for: they are typed there from undici's own declarations.
declare module 'undici/lib/api/index.js' {
  const api: object;
  export default api;
}
declare module 'undici/lib/core/connect.js' {
  const buildConnector: unknown;
  export default buildConnector;
}
declare module 'undici/lib/dispatcher/dispatcher.js' {
  const Dispatcher: unknown;
  export default Dispatcher;
}
declare module 'undici/lib/dispatcher/pool.js' {
  const Pool: unknown;
  export default Pool;
}
declare module 'undici/lib/dispatcher/proxy-agent.js' {
  const ProxyAgent: unknown;
  export default ProxyAgent;
}
