// The stored files' list and deleting a file, through the one API client.
import { z } from 'zod'
import { fileListAnswerSchema, type ListedFile } from '@lfit/domain/materials/file-list'
import { api } from '../api/api'

export const FILES_PATH = '/api/files'

export async function loadFiles(): Promise<ListedFile[]> {
  return (await api.resource('GET', FILES_PATH, fileListAnswerSchema)).files
}

/** Deletes an unused file; throws the server's reason (it is in use) as an ApiError. */
export async function deleteFile(id: string): Promise<void> {
  await api.resource('DELETE', `${FILES_PATH}/${encodeURIComponent(id)}`, z.unknown())
}

/** Where the file opens (the server checks who may fetch it). */
export const fileAddress = (id: string) => `${FILES_PATH}/${encodeURIComponent(id)}`
