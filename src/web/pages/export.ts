// "Download CSV" on the contacts, companies and deals lists, for owners and managers: every row
// of that kind the user may see, as `rz export` writes it (src/imports/csv-export.service.ts).
// Members get no link, and 403 at the address.
import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../../services.ts';
import { seesAll, type Actor } from '../../common/actor.ts';
import { forbidden } from '../../errors/app-error.ts';
import { CsvExportService } from '../../imports/csv-export.service.ts';
import { RESOURCES, type Resource } from '../../imports/csv-columns.ts';
import { html, type Html } from '../html.ts';
import { actor, type PageCtx } from '../context.ts';

const LABEL = { en: 'Download CSV', de: 'CSV herunterladen' } as const;

export function exportHref(resource: Resource): string {
  return `/export/${resource}.csv`;
}

/** The list page's download link: only for those allowed to download. */
export function downloadLink(ctx: PageCtx, a: Actor, resource: Resource): Html | '' {
  return seesAll(a) ? html`<a class="download" href="${exportHref(resource)}" download>${LABEL[ctx.locale]}</a>` : '';
}

export function exportRoutes(services: Services): FastifyPluginAsync {
  const exporter = new CsvExportService(services);
  return async (web) => {
    for (const resource of RESOURCES) {
      web.get(exportHref(resource), { schema: { hide: true } }, async (request, reply) => {
        const a = actor(request);
        if (!seesAll(a)) throw forbidden('Only owners and managers can download CSV.');
        const day = new Date().toISOString().slice(0, 10);
        // The byte order mark makes spreadsheets read the file as UTF-8 (umlauts in names).
        async function* withBom() {
          yield '\uFEFF';
          yield* exporter.csv(a, resource);
        }
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="rz-${resource}-${day}.csv"`)
          .header('cache-control', 'no-store')
          .send(Readable.from(withBom()));
      });
    }
  };
}
