// The galleries through the one API client (/api/photos; docs/architecture.md#photos). Photos are
// not synced to devices: the albums I open are answered by the server, and the service worker
// keeps their answers and thumbnails for offline viewing (vite.config.ts).
import { z } from 'zod'
import type { Crop } from '@lfit/domain/photos/photo'
import {
  albumAnswerSchema,
  albumsAnswerSchema,
  albumViewSchema,
  hideRequestsAnswerSchema,
  photoAnswerSchema,
  type AlbumAnswer,
  type AlbumInput,
  type AlbumView,
  type HideRequestView,
  type PhotoView,
} from '@lfit/domain/photos/wire'
import { api } from '../api/api'

const BASE = '/api/photos' as const
const path = (...parts: string[]) =>
  `${BASE}/${parts.map((part) => encodeURIComponent(part)).join('/')}` as const

export async function loadAlbums(): Promise<AlbumView[]> {
  return (await api.resource('GET', `${BASE}/albums`, albumsAnswerSchema)).albums
}

export function loadAlbum(id: string): Promise<AlbumAnswer> {
  return api.resource('GET', path('albums', id), albumAnswerSchema)
}

const albumAnswer = z.object({ album: albumViewSchema })

export async function createAlbum(input: AlbumInput): Promise<AlbumView> {
  return (await api.action(`${BASE}/albums`, input, albumAnswer)).album
}

export async function updateAlbum(id: string, input: AlbumInput): Promise<AlbumView> {
  return (await api.action(path('albums', id), input, albumAnswer)).album
}

export async function deleteAlbum(id: string): Promise<void> {
  await api.resource('DELETE', path('albums', id), z.unknown())
}

/** Adopts a finished upload into the album: the server makes its sizes. */
export async function addPhoto(albumId: string, fileId: string): Promise<PhotoView> {
  return (await api.action(path('albums', albumId, 'photos'), { fileId }, photoAnswerSchema)).photo
}

export async function setOrder(albumId: string, photoIds: string[]): Promise<void> {
  await api.action(path('albums', albumId, 'order'), { photoIds }, z.unknown())
}

export async function setCover(albumId: string, photoId: string): Promise<void> {
  await api.action(path('albums', albumId, 'cover'), { photoId }, z.unknown())
}

const photoCall = async (id: string, call: string, payload: unknown) =>
  (await api.action(path('photos', id, call), payload, photoAnswerSchema)).photo

export const rotatePhoto = (id: string, turn: 'left' | 'right') => photoCall(id, 'rotate', { turn })
export const cropPhoto = (id: string, crop: Crop | null) => photoCall(id, 'crop', { crop })
export const captionPhoto = (id: string, caption: { sl: string; en: string }) =>
  photoCall(id, 'caption', { caption })
export const movePhoto = (id: string, albumId: string) => photoCall(id, 'move', { albumId })
export const decideHide = (id: string, decision: 'hidden' | 'shown') =>
  photoCall(id, 'decide', { decision })

export async function deletePhoto(id: string): Promise<void> {
  await api.resource('DELETE', path('photos', id), z.unknown())
}

export async function askToHide(id: string): Promise<void> {
  await api.action(path('photos', id, 'hide'), {}, z.unknown())
}

export async function loadHideRequests(): Promise<HideRequestView[]> {
  return (await api.resource('GET', `${BASE}/requests`, hideRequestsAnswerSchema)).requests
}
