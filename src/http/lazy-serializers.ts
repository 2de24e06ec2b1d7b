// Fastify compiles a response serializer (fast-json-stringify) for every route and status code
// while the server starts: about half of `rz serve`'s start-up. Each is compiled on its first
// use instead, with the same compiler and the same shared schemas.
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type Factory = ReturnType<typeof SerializerSelector>;

export function lazySerializers(): Factory {
  const eager = SerializerSelector();
  return (externalSchemas, options) => {
    const compile = eager(externalSchemas, options);
    return (route) => {
      let serialize: ((doc: unknown) => string) | undefined;
      return (doc) => (serialize ??= compile(route))(doc);
    };
  };
}
