import { describe, expect, it } from 'vitest';
import { emptyUsage, type Usage, usageFromImagesApi, usageFromOpenAI, usageOf } from './usage';

const usage = (fields: Partial<Usage>): Usage => ({ ...emptyUsage(), ...fields });

describe(usageFromOpenAI.name, () => {
  it('keeps cached tokens inside prompt_tokens and reasoning inside completion_tokens (chat completions)', () => {
    const raw = { prompt_tokens: 1300, completion_tokens: 50, total_tokens: 1350, prompt_tokens_details: { cached_tokens: 1000 }, completion_tokens_details: { reasoning_tokens: 20 } };
    expect(usageFromOpenAI(raw)).toEqual(usage({ prompt_tokens: 1300, completion_tokens: 50, cache_read_tokens: 1000, reasoning_tokens: 20 }));
  });

  it('reads audio prompt and completion tokens of the audio models', () => {
    const raw = { prompt_tokens: 700, completion_tokens: 60, prompt_tokens_details: { cached_tokens: 0, audio_tokens: 200 }, completion_tokens_details: { audio_tokens: 30, reasoning_tokens: 0 } };
    expect(usageFromOpenAI(raw)).toEqual(usage({ prompt_tokens: 700, completion_tokens: 60, prompt_audio_tokens: 200, completion_audio_tokens: 30 }));
  });

  it('counts cached audio as a cache read, not as audio (realtime and transcriptions: input_token_details)', () => {
    const raw = {
      input_tokens: 900,
      output_tokens: 120,
      input_token_details: { cached_tokens: 300, text_tokens: 400, audio_tokens: 500, cached_tokens_details: { text_tokens: 100, audio_tokens: 200 } },
      output_token_details: { text_tokens: 20, audio_tokens: 100 },
    };
    expect(usageFromOpenAI(raw)).toEqual(usage({ prompt_tokens: 900, completion_tokens: 120, cache_read_tokens: 300, prompt_audio_tokens: 300, completion_audio_tokens: 100 }));
  });

  it('reads the Responses API and the images API (input_tokens_details), image prompt tokens included', () => {
    expect(usageFromOpenAI({ input_tokens: 10, input_tokens_details: { cached_tokens: 4 }, output_tokens: 6, output_tokens_details: { reasoning_tokens: 2 } })).toEqual(
      usage({ prompt_tokens: 10, completion_tokens: 6, cache_read_tokens: 4, reasoning_tokens: 2 }),
    );
    // gpt-image-1 editing a picture: 50 text and 323 image input tokens, 4160 image output tokens.
    expect(usageFromOpenAI({ input_tokens: 373, input_tokens_details: { text_tokens: 50, image_tokens: 323 }, output_tokens: 4160, total_tokens: 4533 })).toEqual(
      usage({ prompt_tokens: 373, completion_tokens: 4160, prompt_image_tokens: 323 }),
    );
  });

  it('reads image completion tokens where completion_tokens_details or output_tokens_details names them', () => {
    expect(usageFromOpenAI({ prompt_tokens: 12, completion_tokens: 1300, completion_tokens_details: { image_tokens: 1290, reasoning_tokens: 0 } })).toEqual(
      usage({ prompt_tokens: 12, completion_tokens: 1300, completion_image_tokens: 1290 }),
    );
  });
});

describe(usageFromImagesApi.name, () => {
  it('takes every output token of the images API as an image token (gpt-image-1 reports no split)', () => {
    expect(usageFromImagesApi({ input_tokens: 373, input_tokens_details: { text_tokens: 50, image_tokens: 323 }, output_tokens: 4160, total_tokens: 4533 })).toEqual(
      usage({ prompt_tokens: 373, completion_tokens: 4160, prompt_image_tokens: 323, completion_image_tokens: 4160 }),
    );
  });

  it('keeps the split of a model that reports its output as image and text tokens, and no usage when there is none (dall-e)', () => {
    expect(usageFromImagesApi({ input_tokens: 20, output_tokens: 1100, output_tokens_details: { image_tokens: 1056, text_tokens: 44 } })).toEqual(
      usage({ prompt_tokens: 20, completion_tokens: 1100, completion_image_tokens: 1056 }),
    );
    expect(usageFromImagesApi(undefined)).toBeUndefined();
  });

  it("reads DeepSeek's and Moonshot's cache hits, which are inside prompt_tokens too", () => {
    expect(usageFromOpenAI({ prompt_tokens: 2000, completion_tokens: 10, prompt_cache_hit_tokens: 1536, prompt_cache_miss_tokens: 464 })).toMatchObject({ prompt_tokens: 2000, cache_read_tokens: 1536 });
    expect(usageFromOpenAI({ prompt_tokens: 2000, completion_tokens: 10, cached_tokens: 1024 })).toMatchObject({ prompt_tokens: 2000, cache_read_tokens: 1024 });
  });

  it("reads OpenRouter's cache writes, inside prompt_tokens like its reads", () => {
    const raw = { prompt_tokens: 194, completion_tokens: 2, prompt_tokens_details: { cached_tokens: 0, cache_write_tokens: 100, audio_tokens: 0 } };
    expect(usageFromOpenAI(raw)).toEqual(usage({ prompt_tokens: 194, completion_tokens: 2, cache_creation_tokens: 100 }));
  });

  it('takes the prompt from the total when only a total is given, and no usage when there is none', () => {
    expect(usageFromOpenAI({ total_tokens: 5 })).toEqual(usage({ prompt_tokens: 5 }));
    expect(usageFromOpenAI({ prompt_tokens: 0, completion_tokens: 0 })).toBeUndefined();
    expect(usageFromOpenAI(null)).toBeUndefined();
  });
});

describe(usageOf.name, () => {
  it('fits the parts inside their totals: an upstream reporting more cached tokens than prompt tokens is billed for the prompt', () => {
    expect(usageOf({ prompt_tokens: 100, completion_tokens: 10, cache_read_tokens: 80, cache_creation_tokens: 50, cache_creation_1h_tokens: 40, prompt_audio_tokens: 5 })).toEqual(
      usage({ prompt_tokens: 100, completion_tokens: 10, cache_read_tokens: 80, cache_creation_tokens: 20, cache_creation_1h_tokens: 20 }),
    );
  });

  it('fits the completion parts inside the completion in the order audio, images, reasoning, so no completion token is priced twice', () => {
    expect(usageOf({ prompt_tokens: 5, completion_tokens: 10, reasoning_tokens: 12, completion_audio_tokens: 11 })).toEqual(
      usage({ prompt_tokens: 5, completion_tokens: 10, completion_audio_tokens: 10 }),
    );
    expect(usageOf({ prompt_tokens: 5, completion_tokens: 100, reasoning_tokens: 50, completion_image_tokens: 70 })).toEqual(
      usage({ prompt_tokens: 5, completion_tokens: 100, completion_image_tokens: 70, reasoning_tokens: 30 }),
    );
  });
});
