import { Fragment, useEffect } from 'react';
import { Circle, CircleMarker, MapContainer, TileLayer, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import { latLngBounds } from 'leaflet';
import { useMantineTheme } from '@mantine/core';
import 'leaflet/dist/leaflet.css';

/** A fence drawn on the map: its centre and its distance ring. */
export interface MapFence {
  key: string;
  name: string;
  lat: number;
  lon: number;
  radius: number;
  selected?: boolean;
}

interface Props {
  fences: MapFence[];
  /** Leaflet's tile URL template ({z}/{x}/{y}); empty: no tiles (the rings still show). */
  tileUrl: string;
  /** Clicking the map picks a centre (the editor); absent: read-only. */
  onPick?: (lat: number, lon: number) => void;
  height?: number;
  testId?: string;
}

/** São Paulo: where the map opens without fences. */
const DEFAULT_CENTER: [number, number] = [-23.5505, -46.6333];

/** Fits the map to the fences whenever the set of rings changes. */
function FitFences({ fences }: { fences: MapFence[] }) {
  const map = useMap();
  const key = fences.map((f) => `${f.key}:${f.lat}:${f.lon}:${f.radius}`).join('|');
  useEffect(() => {
    if (fences.length === 0) return;
    const bounds = latLngBounds(fences.map((f) => [f.lat, f.lon] as [number, number]));
    fences.forEach((f) => {
      // The ring's extent: one degree of latitude is ~111 km.
      const d = f.radius / 111_000;
      bounds.extend([f.lat + d, f.lon + d]).extend([f.lat - d, f.lon - d]);
    });
    map.fitBounds(bounds, { padding: [24, 24], maxZoom: 17 });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key stands for fences
  }, [key, map]);
  return null;
}

function PickCentre({ onPick }: { onPick: (lat: number, lon: number) => void }) {
  useMapEvents({ click: (e) => onPick(Number(e.latlng.lat.toFixed(6)), Number(e.latlng.lng.toFixed(6))) });
  return null;
}

/**
 * The fences on a Leaflet map (react-leaflet): a marker at each centre and the ring of its
 * radius. The selected fence is drawn in the primary colour.
 */
// The wrapper is its own stacking context: Leaflet's panes (z-index 400 and up) stay below
// the app's dialogs and dropdowns.
export function FenceMap({ fences, tileUrl, onPick, height = 420, testId = 'fence-map' }: Props) {
  // Leaflet writes colours into SVG attributes, where CSS variables do not resolve.
  const theme = useMantineTheme();
  return (
    <div data-testid={testId} data-fences={fences.length} style={{ height, borderRadius: 8, overflow: 'hidden', position: 'relative', zIndex: 0 }}>
      <MapContainer center={DEFAULT_CENTER} zoom={12} style={{ height: '100%', width: '100%', background: 'var(--mantine-color-gray-1)' }}>
        {tileUrl && <TileLayer url={tileUrl} attribution="&copy; OpenStreetMap" />}
        <FitFences fences={fences} />
        {onPick && <PickCentre onPick={onPick} />}
        {fences.map((f) => {
          const color = f.selected ? theme.colors.blue[6] : theme.colors.teal[7];
          return (
            <Fragment key={f.key}>
              <Circle
                center={[f.lat, f.lon]}
                radius={f.radius}
                className="fence-ring"
                pathOptions={{ color, weight: f.selected ? 3 : 2, fillOpacity: 0.12 }}
              />
              <CircleMarker center={[f.lat, f.lon]} radius={6} className="fence-centre" pathOptions={{ color, fillOpacity: 1 }}>
                <Tooltip permanent direction="top" offset={[0, -6]}>
                  {f.name}
                </Tooltip>
              </CircleMarker>
            </Fragment>
          );
        })}
      </MapContainer>
    </div>
  );
}
