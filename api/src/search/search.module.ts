import { Module } from '@nestjs/common';
import { SearchIndexService } from './index/search-index.service';
import { SearchController } from './search.controller';
import { SearchRepository } from './search.repository';
import { SearchService } from './search.service';

/**
 * Trial search (spec 02 §7 calls 1 and 2) and the details screen over the in-memory index of
 * open trials. Exports the index so the trial import can mark it stale.
 */
@Module({
  controllers: [SearchController],
  providers: [SearchIndexService, SearchRepository, SearchService],
  exports: [SearchIndexService],
})
export class SearchModule {}
