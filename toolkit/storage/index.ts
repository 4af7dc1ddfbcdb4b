/**
 * Stored files, outside every module: local disk or an S3-compatible bucket, the local cache ffmpeg reads
 * a bucket's files from, covers at smaller widths and WAVs converted from MP3s. Songs, media and videos
 * all keep their files here.
 */
export { CopyFailed, copyFromUrl, download, downloadTo } from "./copy-file.ts"
export { CoverSizer, SizingFailed } from "./cover-sizer.ts"
export { fileWorkJobs } from "./file-work-jobs.ts"
export { contentTypeOf, FileStorage, InvalidKey, type StoredFile } from "./storage.ts"
export {
  describeStorageConfig,
  StorageConfig,
  StorageConfigLive,
  storageConfig,
} from "./storage-config.ts"
export { FileStorageLive, StorageLive } from "./storage-live.ts"
export { ConversionFailed, WavConverter, wavKeyOf } from "./wav-converter.ts"
export { Waveforms, waveformKeyOf } from "./waveforms.ts"
