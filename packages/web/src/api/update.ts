import { http } from '@/api/http';

/** A release note (spec 1 §3); created_at is unix seconds. */
export interface UpdateNote {
  id: number;
  title: string;
  content: string;
  created_at: number;
}

export interface UpdateNoteForm {
  title: string;
  content: string;
}

/** Newest first. */
export const listUpdateNotes = () => http.get<UpdateNote[]>('/api/update/');
export const createUpdateNote = (form: UpdateNoteForm) => http.post<UpdateNote>('/api/update/', form);
export const editUpdateNote = (id: number, form: UpdateNoteForm) => http.put<UpdateNote>(`/api/update/${id}`, form);
export const deleteUpdateNote = (id: number) => http.delete<null>(`/api/update/${id}`);
