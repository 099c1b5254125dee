import { dynamicParameterKeys, type DesignHeader } from '@/types/design';

/**
 * A design header as the server answers it to staff (crates/catalog/src/dto.rs): the digital design
 * 01-0559 with the colorways VR-1 and VR-2, every field present. Shared by the design page and the
 * admin design tests; `customerView` takes away what customers do not see by default.
 */
export function designHeader(overrides: Partial<DesignHeader> = {}): DesignHeader {
  const images = (name: string) => ({
    thumbnails: { 'd/v': `/service/design/thumbnail/d/v/d-1/${name}` },
    preview: `/service/design/preview/d-1/${name}`,
    previewWidth: 1024,
    previewHeight: 768,
    tiles: `/service/design/tiles/d-1/${name}/k1/image.dzi`,
  });
  return {
    guid: 'd-1',
    designName: '01-0559',
    archiveId: 1,
    archive: 'Main archive',
    designType: 'digital',
    colorways: [
      {
        colorwayGuid: 'c-1',
        designGuid: 'd-1',
        colorwayName: 'VR-1',
        colorizables: [],
        sourceName: 'rose_VR1.tif',
        palette: [{ rgb: '#c03040', l: 45, a: 60, b: 30, share: 0.4 }],
        images: images('c-1'),
      },
      { colorwayGuid: 'c-2', designGuid: 'd-1', colorwayName: 'VR-2', colorizables: [], sourceName: 'rose_VR2.tif', palette: [], images: images('c-2') },
    ],
    activeColorwayGuid: 'c-1',
    labels: [{ id: 11, label: 'Floral', labelSef: 'floral', groupId: 10, isGroupHeader: false }],
    designSizeCm: { width: 33.866666, height: 25.4 },
    designSize: { width: 4000, height: 3000 },
    moldState: 'not_engraved',
    isConfined: false,
    repeatOffset: { direction: 'none', offset: 'none', customValue: null, horizontal: null, vertical: null },
    channelCount: 3,
    layerCount: 1,
    colorwayCount: 2,
    lastEditDate: '2025-01-02T10:00:00Z',
    uploadDate: '2025-01-02T10:00:00Z',
    designDpi: 300,
    colorMode: 'RGB',
    bitDepth: 8,
    closedCountries: ['RU'],
    originalName: 'rose',
    notes: '',
    designStudio: 'Studio A',
    customer: null,
    ownedExtra: false,
    dynamicParameters: Object.fromEntries(dynamicParameterKeys.map((key) => [key, ''])),
    orders: [],
    ordersScope: 'all',
    ...overrides,
  };
}

/**
 * The header as a customer gets it with the studio's default settings: notes and the original name
 * are absent (hidden fields are left out, not blanked), the orders are the own company's only.
 */
export function customerView(header: DesignHeader): DesignHeader {
  const visible: DesignHeader = { ...header, ordersScope: 'own' };
  delete visible.notes;
  delete visible.originalName;
  return visible;
}
