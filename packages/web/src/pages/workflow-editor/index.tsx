import { useParams, useSearchParams } from 'react-router-dom';
import { CreateFromDataset } from './create-from-dataset';
import { WorkflowEditor } from './editor';
import './editor.css';

/** /workflow/editor/:id (spec 3 §2.6); `new?dataset=ID` first creates the project from a dataset. */
export default function WorkflowEditorPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  if (id === 'new') return <CreateFromDataset datasetId={Number(search.get('dataset'))} />;
  return <WorkflowEditor key={id} projectId={id} />;
}
