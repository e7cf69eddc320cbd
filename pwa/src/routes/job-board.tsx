import { createFileRoute } from '@tanstack/react-router';
import { jobBoardLoader } from '../features/job-board/job-board-loader';
import { JobBoardPage } from '../features/job-board/job-board-page';

export const Route = createFileRoute('/job-board')({
  loader: jobBoardLoader,
  component: JobBoardPage,
});
