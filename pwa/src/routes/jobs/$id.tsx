import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { jobLoader } from '../../features/jobs/job-loader';
import { JobPage } from '../../features/jobs/job-page';

const jobIdSchema = z.string().check(z.uuid());

export const Route = createFileRoute('/jobs/$id')({
  // A link that is not a job id finds no job: the Not Found state, without asking the server.
  params: {
    parse: ({ id }) => ({ id: jobIdSchema.safeParse(id).success ? id : null }),
    stringify: ({ id }) => ({ id: id ?? '' }),
  },
  loader: jobLoader,
  component: JobPage,
});
