import { Injectable, NotFoundException } from '@nestjs/common';
import { FacilityGroupsRepository, FacilityGroupSummary } from './facility-groups.repository';
import { FacilityGroupDefinition, FacilityRef } from './facility-groups-file';
import type { GroupFacility } from './facility-groups.repository';

export interface FacilityGroupImportResult {
  id: string;
  name: string;
  members: number;
  unmatched: FacilityRef[];
}

export interface FacilityGroupAddResult {
  id: string;
  name: string;
  added: number;
  members: number;
}

@Injectable()
export class FacilityGroupsService {
  constructor(private readonly groups: FacilityGroupsRepository) {}

  /** The member facilities of a group; an unknown group is a 404. */
  async getMembers(id: string): Promise<GroupFacility[]> {
    if (!(await this.groups.findById(id))) {
      throw new NotFoundException(`Facility group ${id} does not exist.`);
    }
    return this.groups.findMembers(id);
  }

  list(): Promise<FacilityGroupSummary[]> {
    return this.groups.listWithCounts();
  }

  /**
   * Defines each listed group: its name and exactly the facilities of the file that match a
   * stored facility. Entries that match none are reported, not fatal; groups not listed stay.
   */
  importGroups(definitions: FacilityGroupDefinition[]): Promise<FacilityGroupImportResult[]> {
    return this.groups.transaction(async (manager) => {
      const results: FacilityGroupImportResult[] = [];
      for (const group of definitions) {
        const ids = await this.groups.resolveFacilityIds(group.facilities, manager);
        const matched = ids.filter((id): id is number => id !== null);
        await this.groups.upsertGroup(group.id, group.name, manager);
        await this.groups.replaceMembers(group.id, matched, manager);
        results.push({
          id: group.id,
          name: group.name,
          members: await this.groups.countMembers(group.id, manager),
          unmatched: group.facilities.filter((_f, i) => ids[i] === null),
        });
      }
      return results;
    });
  }

  /**
   * Creates or extends a group with every stored facility of a country (and city). A new group
   * needs a name; an existing one keeps its name unless one is given.
   */
  addByPlace(input: {
    id: string;
    name?: string;
    country: string;
    city?: string;
  }): Promise<FacilityGroupAddResult> {
    return this.groups.transaction(async (manager) => {
      const name = input.name?.trim() || (await this.groups.findById(input.id, manager))?.name;
      if (!name) {
        throw new Error(`Facility group ${input.id} does not exist yet: give it a --name.`);
      }
      await this.groups.upsertGroup(input.id, name, manager);
      const added = await this.groups.addMembersByPlace(
        input.id,
        input.country,
        input.city ?? null,
        manager,
      );
      return {
        id: input.id,
        name,
        added,
        members: await this.groups.countMembers(input.id, manager),
      };
    });
  }
}
